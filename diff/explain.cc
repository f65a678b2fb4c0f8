// Explaining divergences: the analyzer's findings on both scripts, ranked for each
// divergence by (1) lying on a source line that produced one of the two values,
// (2) the rule predicting this kind of divergence (an exception type, a retrace, a
// changed value), (3) being a behavior hazard rather than an API spelling, then by
// distance to the divergent lines.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <regex>
#include <vector>

#include "analyzer/project/analyze.h"
#include "diff/diff.h"
#include "rewriter/diff.h"

namespace tfm::diff {
namespace {

// What a rule's hazard looks like at run time.
struct Symptom {
  const char* rule;
  const char* dynamic;     // the divergence id it causes, or "" for any
  const char* exception;   // regex over "Type: message" of the raised side, or ""
};

constexpr Symptom kSymptoms[] = {
    {"TFM104", "TFM901", ""},
    {"TFM203", "TFM901", ""},
    {"TFM401", "TFM902", "ValueError.*(singleton|first call|tf\\.function)"},
    {"TFM401", "TFM903", ""},
    {"TFM402", "TFM902", ""},
    {"TFM403", "TFM901", ""},
    {"TFM404", "TFM901", ""},
    {"TFM404", "TFM902", ""},
    {"TFM405", "TFM901", ""},
    {"TFM406", "TFM901", ""},
    {"TFM407", "TFM903", ""},
    {"TFM501", "TFM902", "(KeyError|ValueError|AttributeError|TypeError)"},
    {"TFM501", "TFM901", ""},
    {"TFM502", "TFM901", ""},
    {"TFM502", "TFM902", "(OperatorNotAllowed|TypeError|ValueError)"},
    {"TFM503", "TFM902", "TypeError.*(unhashable|hash)"},
    {"TFM504", "TFM902", "AttributeError.*value"},
    {"TFM601", "TFM902", "(InaccessibleTensor|ValueError|TypeError)"},
    {"TFM602", "TFM902", "(KeyError|ValueError)"},
    {"TFM603", "TFM901", ""},
    {"TFM603", "TFM902", "(OperatorNotAllowed|TypeError|ValueError.*(bool|condition))"},
    {"TFM201", "TFM902", "AttributeError.*Session"},
    {"TFM202", "TFM902", "AttributeError.*placeholder"},
};

constexpr size_t kNumSymptoms = sizeof(kSymptoms) / sizeof(kSymptoms[0]);

// The exception patterns, compiled once (Predicts runs per finding per divergence).
const std::regex& SymptomRegex(size_t i) {
  static const std::vector<std::regex> compiled = [] {
    std::vector<std::regex> v;
    v.reserve(kNumSymptoms);
    for (const auto& s : kSymptoms) v.emplace_back(s.exception);
    return v;
  }();
  return compiled[i];
}

bool Predicts(const std::string& rule, const Divergence& d) {
  std::string exc = d.id == "TFM902" ? (d.new_value.find("(finished") == 0 ? d.old_value : d.new_value) : "";
  for (size_t i = 0; i < kNumSymptoms; ++i) {
    const Symptom& s = kSymptoms[i];
    if (rule != s.rule) continue;
    if (*s.dynamic && d.id != s.dynamic) continue;
    if (*s.exception && !std::regex_search(exc, SymptomRegex(i))) continue;
    return true;
  }
  return false;
}

// Behavior hazards (sessions, variables, functions, identity, control flow) against
// spelling rules (TFM1xx) and graph/C++ rules that cannot explain a script's values.
int ClassWeight(const std::string& id) {
  if (id.size() < 4) return 0;
  char c = id[3];
  if (c == '2' || c == '3' || c == '4' || c == '5' || c == '6') return 10;
  if (c == '1') return 1;
  return 0;
}

}  // namespace

bool CheckInputs(DiffResult* r, Analysis* out) {
  AnalyzeOptions opts;
  opts.jobs = 2;
  Analysis an = AnalyzePaths({r->old_side.path, r->new_side.path}, opts);
  for (const auto& e : an.input_errors) {
    r->error = e.message;
    return false;
  }
  for (const auto& f : an.files) {
    if (f.error) {
      r->error = f.error->message;
      return false;
    }
    for (const auto& d : f.diagnostics)
      if (d.rule_id == "syntax-error") {
        std::string what = d.message.substr(0, d.message.find("; findings"));
        r->error = fmt::format("{}:{}:{}: not valid Python: {}", d.path, d.start.line, d.start.column, what);
        return false;
      }
  }
  if (out) *out = std::move(an);
  return true;
}

namespace {

Cause CauseOf(const Diagnostic& d) {
  Cause c;
  c.rule_id = d.rule_id;
  c.rule_name = d.rule_name;
  c.path = d.path;
  c.line = static_cast<int>(d.start.line);
  c.column = static_cast<int>(d.start.column);
  c.message = d.message;
  return c;
}

}  // namespace

void Explain(DiffResult* r, const Analysis* given) {
  if (r->divergences.empty()) return;
  Analysis fresh;
  if (!given) {
    AnalyzeOptions opts;
    opts.jobs = 2;
    fresh = AnalyzePaths({r->old_side.path, r->new_side.path}, opts);
  }
  const Analysis& an = given ? *given : fresh;
  struct Finding {
    const Diagnostic* d;
    bool old_side;
  };
  std::vector<Finding> findings;
  for (const auto& f : an.files) {
    bool is_old = f.path == r->old_side.path;
    for (const auto& d : f.diagnostics)
      if (d.rule_id.rfind("TFM", 0) == 0) findings.push_back({&d, is_old});
  }
  for (auto& dv : r->divergences) {
    struct Scored {
      int score;
      int distance;
      Cause c;
    };
    std::vector<Scored> scored;
    for (const auto& f : findings) {
      const Diagnostic& d = *f.d;
      int target = f.old_side ? dv.old_line : dv.new_line;
      int line = static_cast<int>(d.start.line);
      Cause c = CauseOf(d);
      c.on_line = target > 0 && line == target;
      c.predicts = Predicts(d.rule_id, dv);
      // A cause predicts this kind of divergence, or is a behavior hazard (TFM3xx-6xx) on
      // one of the lines that produced it; TF1 API spellings on the old side are what was
      // migrated, not why the results differ.
      int weight = ClassWeight(d.rule_id);
      bool hazard = weight >= 10 && d.rule_id[3] != '2';
      if (!c.predicts && !(c.on_line && hazard)) continue;
      int score = (c.predicts ? 100 : 0) + (c.on_line ? 40 : 0) + weight;
      int distance = target > 0 ? std::abs(line - target) : 1 << 20;
      scored.push_back({score, distance, std::move(c)});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& x, const Scored& y) {
      if (x.score != y.score) return x.score > y.score;
      return x.distance < y.distance;
    });
    // one cause per rule and line; at most five
    for (auto& s : scored) {
      bool dup = std::any_of(dv.causes.begin(), dv.causes.end(), [&](const Cause& c) {
        return c.rule_id == s.c.rule_id && c.line == s.c.line && c.path == s.c.path;
      });
      if (!dup) dv.causes.push_back(std::move(s.c));
      if (dv.causes.size() == 5) break;
    }
  }
}

void ExplainRewrite(DiffResult* r, const std::string& original_path, const std::string& original,
                    const std::string& rewritten) {
  if (r->divergences.empty()) return;
  std::vector<int> map = MapLines(original, rewritten);  // only lines the rewrite changed
  AnalyzeOptions opts;
  opts.jobs = 1;
  Analysis an = AnalyzePaths({original_path}, opts);
  for (auto& dv : r->divergences) {
    int nl = dv.new_line;
    if (nl <= 0 || nl >= static_cast<int>(map.size()) || map[nl] == 0) continue;
    int ol = map[nl];
    std::vector<Cause> applied;
    for (bool unsafe : {true, false})  // unsafe fixes first: they are the ones allowed to change behavior
      for (const auto& f : an.files)
        for (const auto& d : f.diagnostics) {
          if (!d.HasApplicableFix() || static_cast<int>(d.start.line) != ol) continue;
          if ((d.fix->safety == FixSafety::kUnsafe) != unsafe) continue;
          Cause c = CauseOf(d);
          c.message = fmt::format("the rewrite applied this {}fix here ({}): {}", unsafe ? "unsafe " : "",
                                  d.fix->title, d.message);
          c.on_line = true;
          c.predicts = true;
          applied.push_back(std::move(c));
        }
    dv.causes.insert(dv.causes.begin(), applied.begin(), applied.end());
    if (dv.causes.size() > 5) dv.causes.resize(5);
  }
}

}  // namespace tfm::diff

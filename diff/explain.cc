// Explaining divergences: the analyzer's findings on both scripts, ranked for each
// divergence by (1) lying on a source line that produced one of the two values,
// (2) the rule predicting this kind of divergence (an exception type, a retrace, a
// changed value: RuleInfo::symptoms), (3) being a behavior hazard rather than an API
// spelling (RuleInfo::impact), then by distance to the divergent lines.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <regex>
#include <vector>

#include "analyzer/checks/registry.h"
#include "analyzer/project/analyze.h"
#include "diff/diff.h"
#include "rewriter/diff.h"

namespace tfm::diff {
namespace {

// The divergence kind a dynamic rule's ID names (TFM901 behavior, ...).
DivergenceKind KindOf(const Divergence& d) {
  const RuleInfo* info = FindRuleInfo(d.id);
  return info ? info->reports : DivergenceKind::kNone;
}

// Every rule's exception patterns, compiled once (Predicts runs per finding per divergence).
const std::regex& SymptomRegex(const Symptom& s) {
  static const std::map<const Symptom*, std::regex> compiled = [] {
    std::map<const Symptom*, std::regex> m;
    for (const Rule* r : AllRules())
      for (const Symptom& x : r->info().symptoms)
        if (!x.exception.empty()) m.emplace(&x, std::regex(std::string(x.exception)));
    return m;
  }();
  return compiled.at(&s);
}

// Does the rule's hazard cause this divergence (RuleInfo::symptoms)?
bool Predicts(const RuleInfo& rule, const Divergence& d) {
  DivergenceKind kind = KindOf(d);
  std::string exc;
  if (kind == DivergenceKind::kException) exc = d.new_value.find("(finished") == 0 ? d.old_value : d.new_value;
  for (const Symptom& s : rule.symptoms) {
    if (s.kind != kind) continue;
    if (!s.exception.empty() && !std::regex_search(exc, SymptomRegex(s))) continue;
    return true;
  }
  return false;
}

// Behavior hazards (sessions, variables, functions, identity, control flow) against
// API spellings and graph/C++ rules that cannot explain a script's values.
int ImpactWeight(Impact i) {
  switch (i) {
    case Impact::kBehavior:
    case Impact::kGraphSession: return 10;
    case Impact::kSpelling: return 1;
    case Impact::kNone: return 0;
  }
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
    const RuleInfo* rule;
    bool old_side;
  };
  std::vector<Finding> findings;
  for (const auto& f : an.files) {
    bool is_old = f.path == r->old_side.path;
    for (const auto& d : f.diagnostics)
      if (const RuleInfo* info = FindRuleInfo(d.rule_id)) findings.push_back({&d, info, is_old});
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
      c.predicts = Predicts(*f.rule, dv);
      // A cause predicts this kind of divergence, or is a behavior hazard (Impact::kBehavior)
      // on one of the lines that produced it; TF1 API spellings on the old side are what was
      // migrated, not why the results differ.
      int weight = ImpactWeight(f.rule->impact);
      bool hazard = f.rule->impact == Impact::kBehavior;
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

#include "analyzer/checks/tfm203_partial_session_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
};

const RuleInfo& PartialSessionRun::info() const {
  static const RuleInfo kInfo{
      .id = "TFM203",
      .name = "partial-session-run",
      .severity = Severity::kWarning,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "sess.run sites on one graph fetch different subsets of stateful work; a tf.function has no pruning",
      .trigger = "guide pattern 4: two or more `sess.run` sites on one graph fetch different subsets of stateful "
                 "work (separate generator / discriminator train ops, an update op run only sometimes). A "
                 "`tf.function` has no pruning: every stateful op it traced runs. Message lists the run sites and "
                 "what each leaves out",
      .fix_note = "unsafe in the catalogue (one `tf.function` per run site, `tf2` level); not applied automatically "
                  "yet",
      .impact = Impact::kGraphSession,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm203() {
  static const PartialSessionRun kRule;
  return kRule;
}

namespace {

bool StatefulMethod(std::string_view m) {
  return m == "minimize" || m == "apply_gradients" || m == "assign" || m == "assign_add" || m == "assign_sub" ||
         m.rfind("scatter_", 0) == 0;
}

bool StatefulName(std::string_view name) {
  auto dot = name.rfind('.');
  std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
  auto has = [&](std::string_view s) { return last.find(s) != std::string_view::npos; };
  return has("train_op") || has("update_op") || has("_solver") || has("_optim") || has("train_step") ||
         has("update_target") || has("_update") || last == "optim" || last == "solver";
}

bool IsStatefulValue(const SemanticModel& m, const DataFlow& df, TSNode v, int depth);

// Is the fetch element a stateful op (a train op, an assign, a group of them)?
bool IsStatefulFetch(const SemanticModel& m, const DataFlow& df, TSNode e, int depth = 0) {
  if (depth > 6 || ts_node_is_null(e)) return false;
  if (ts::Is(e, "call")) return IsStatefulValue(m, df, e, depth);
  if (ts::Is(e, "identifier") || ts::Is(e, "attribute")) {
    std::string_view text = m.Text(e);
    if (text.find("init") != std::string_view::npos) return false;
    for (TSNode v : df.AssignedValues(e)) {
      if (IsStatefulValue(m, df, v, depth + 1)) return true;
      // `swap = tmp_to_avg`, `ops = [w.assign(x) for ...]`, `ops = [a, b]`
      if ((ts::Is(v, "identifier") || ts::Is(v, "attribute")) && IsStatefulFetch(m, df, v, depth + 1)) return true;
      if (ts::Is(v, "list_comprehension") && IsStatefulValue(m, df, ts::Field(v, "body"), depth + 1)) return true;
      if (ts::Is(v, "list") || ts::Is(v, "tuple"))
        for (TSNode c : ts::NamedChildren(v))
          if (IsStatefulFetch(m, df, c, depth + 1)) return true;
    }
    // `ops = []` filled with `ops.append(w.assign(...))`
    for (TSNode v : df.AppendedValues(e))
      if (IsStatefulFetch(m, df, v, depth + 1)) return true;
    if (auto q = m.Resolve(e)) {
      auto tf = SplitTfName(*q);
      if (tf) {
        auto paren = tf->path.rfind("().");
        if (paren != std::string::npos && StatefulMethod(tf->path.substr(paren + 3, tf->path.size() - paren - 5)))
          return true;
      }
    }
    return StatefulName(text);
  }
  return false;
}

bool IsStatefulValue(const SemanticModel& m, const DataFlow& df, TSNode v, int depth) {
  if (!ts::Is(v, "call")) return false;
  TSNode fn = ts::Field(v, "function");
  if (ts::Is(fn, "attribute") && StatefulMethod(m.Text(ts::Field(fn, "attribute")))) return true;
  // A builder of this file (`self._sync_qt_ops = self._build_sync_op()`): what it returns.
  TSNode def = df.CalleeDef(v);
  if (!ts_node_is_null(def) && !ts::Contains(def, v) && depth < 6)
    for (TSNode r : df.ReturnedValues(def))
      if (IsStatefulFetch(m, df, r, depth + 1) || IsStatefulValue(m, df, r, depth + 1)) return true;
  const TfName* tf = df.CalleeTfName(v);
  if (tf && (tf->path == "group" || tf->path == "tuple")) {
    for (TSNode a : m.PositionalArgs(v)) {
      TSNode x = ts::Is(a, "list_splat") ? ts_node_named_child(a, 0) : a;
      if (ts::Is(x, "list") || ts::Is(x, "tuple")) {
        for (TSNode c : ts::NamedChildren(x))
          if (IsStatefulFetch(m, df, c, depth + 1)) return true;
      } else if (IsStatefulFetch(m, df, x, depth + 1)) {
        return true;
      }
    }
  }
  if (tf && (tf->path == "assign" || tf->path == "assign_add" || tf->path == "assign_sub")) return true;
  return false;
}

void CollectStateful(const SemanticModel& m, const DataFlow& df, TSNode fetches, std::vector<std::string>* out) {
  if (ts_node_is_null(fetches)) return;
  if (ts::Is(fetches, "list") || ts::Is(fetches, "tuple") || ts::Is(fetches, "parenthesized_expression")) {
    for (TSNode c : ts::NamedChildren(fetches)) CollectStateful(m, df, c, out);
    return;
  }
  if (ts::Is(fetches, "dictionary")) {
    for (TSNode p : ts::NamedChildren(fetches))
      if (ts::Is(p, "pair")) CollectStateful(m, df, ts::Field(p, "value"), out);
    return;
  }
  if (ts::Is(fetches, "call")) {
    // An op built inside the run call (`sess.run(tf.assign(v, x))`, `sess.run(v.assign(1))`)
    // belongs to that run alone: no other run could leave it out. A group built there
    // still names shared ops.
    const TfName* tf = df.CalleeTfName(fetches);
    if (tf && (tf->path == "group" || tf->path == "tuple"))
      for (TSNode a : m.PositionalArgs(fetches))
        CollectStateful(m, df, ts::Is(a, "list_splat") ? ts_node_named_child(a, 0) : a, out);
    return;
  }
  if (IsStatefulFetch(m, df, fetches)) {
    std::string t(m.Text(fetches));
    if (std::find(out->begin(), out->end(), t) == out->end()) out->push_back(t);
  }
}

std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", `" : "`") + v[i] + "`";
  return s;
}

}  // namespace

void PartialSessionRun::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  struct Site {
    const DataFlow::RunSite* site;
    std::vector<std::string> ops;
  };
  std::map<std::string, std::vector<Site>> by_session;
  for (const auto& s : df.run_sites()) {
    std::vector<std::string> ops;
    CollectStateful(m, df, s.fetches, &ops);
    if (!ops.empty()) by_session[s.graph].push_back({&s, std::move(ops)});
  }
  for (auto& [graph, sites] : by_session) {
    if (sites.size() < 2) continue;
    std::vector<std::string> all;
    for (auto& s : sites)
      for (auto& o : s.ops)
        if (std::find(all.begin(), all.end(), o) == all.end()) all.push_back(o);
    std::string listing;
    for (auto& s : sites)
      listing += fmt::format("{}line {} runs {}", listing.empty() ? "" : "; ", df.Line(s.site->call), Join(s.ops));
    for (auto& s : sites) {
      std::vector<std::string> missing;
      for (auto& o : all)
        if (std::find(s.ops.begin(), s.ops.end(), o) == s.ops.end()) missing.push_back(o);
      if (missing.empty()) continue;
      ctx.Report(ts::Field(s.site->call, "function"),
                 fmt::format("`{}.run` runs part of the graph: it leaves out {} ({}). A tf.function has no pruning: "
                             "every stateful op it traced runs on each call, so give each run site its own "
                             "tf.function",
                             s.site->session, Join(missing), listing));
    }
  }
}

}  // namespace tfm

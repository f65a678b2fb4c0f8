#include "analyzer/checks/tfm404_accumulating_python_list.h"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
    {DivergenceKind::kException},
};

const RuleInfo& AccumulatingPythonList::info() const {
  static const RuleInfo kInfo{
      .id = "TFM404",
      .name = "accumulating-python-list",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "a module-level or long-lived Python list appended to every step and reduced: it grows every step "
                 "under eager execution",
      .trigger = "guide pattern 1, example 4: a list at module (or long-lived object) scope appended to by code that "
                 "runs every step and read by a reduction (`reduce_sum`, `add_n`). In TF1 the list was filled once "
                 "at graph build; eagerly it grows every step",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm404() {
  static const AccumulatingPythonList kRule;
  return kRule;
}

namespace {

bool IsEmptyList(const SemanticModel& m, TSNode v) {
  if (ts::Is(v, "list")) return ts_node_named_child_count(v) == 0;
  if (ts::Is(v, "call")) {
    TSNode fn = ts::Field(v, "function");
    return ts::Is(fn, "identifier") && m.Text(fn) == "list" && m.PositionalArgs(v).empty();
  }
  return false;
}

bool IsReduction(std::string_view p) {
  static const char* kR[] = {"reduce_sum", "reduce_mean", "add_n", "math.add_n", "math.reduce_sum",
                             "math.reduce_mean", "reduce_prod", "reduce_max", "reduce_min", "math.reduce_max",
                             "stack", "concat", "reduce_logsumexp", "accumulate_n", "math.accumulate_n"};
  for (const char* r : kR)
    if (p == r) return true;
  return false;
}

struct LongLivedList {
  std::string key;   // "all_losses" or "self.losses" (text at use sites)
  int cls = -1;      // class scope for self attributes
  TSNode def{};      // the `[]` assignment
};

}  // namespace

void AccumulatingPythonList::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  // Candidate lists: module-level `x = []` and `self.x = []` in __init__.
  std::vector<LongLivedList> lists;
  for (const Binding& b : m.bindings())
    if (b.scope == 0 && b.kind == BindingKind::kAssign && !ts_node_is_null(b.value) && IsEmptyList(m, b.value))
      lists.push_back({b.name, -1, b.value});
  const auto& scopes = m.scopes();
  for (size_t si = 0; si < scopes.size(); ++si) {
    if (!df.IsInitMethod(static_cast<int>(si))) continue;
    int cls = m.ClassOf(static_cast<int>(si));
    ts::Walk<false>(
        scopes[si].node,
        [&](TSNode n, const char*) {
          if (ts::Is(n, "assignment")) {
            TSNode l = ts::Field(n, "left");
            if (ts::Is(l, "attribute") && m.Text(ts::Field(l, "object")) == "self" &&
                IsEmptyList(m, ts::Field(n, "right")))
              lists.push_back({std::string(m.Text(l)), cls, ts::Field(n, "right")});
            return false;
          }
          return !ts::Is(n, "class_definition");
        },
        [](TSNode) {});
  }
  if (lists.empty()) return;
  // The list a use site names (same module binding, or self.<attr> in the class).
  std::unordered_map<std::string_view, std::vector<const LongLivedList*>> by_key;
  for (const LongLivedList& l : lists) by_key[l.key].push_back(&l);
  auto which = [&](TSNode expr) -> const LongLivedList* {
    auto found = by_key.find(m.Text(expr));
    if (found == by_key.end()) return nullptr;
    for (const LongLivedList* lp : found->second) {
      const LongLivedList& l = *lp;
      if (l.cls >= 0) {
        if (m.ClassOf(m.FunctionScopeAt(ts_node_start_byte(expr))) == l.cls) return &l;
      } else if (ts::Is(expr, "identifier")) {
        const Binding* b = m.Lookup(l.key, ts_node_start_byte(expr));
        if (b && b->scope == 0) return &l;
      }
    }
    return nullptr;
  };
  std::unordered_map<const LongLivedList*, std::vector<TSNode>> appends;
  std::unordered_set<const LongLivedList*> cleared;
  std::vector<std::pair<TSNode, const LongLivedList*>> reductions;
  for (TSNode call : m.calls()) {
    int fn = m.FunctionScopeAt(ts_node_start_byte(call));
    TSNode f = ts::Field(call, "function");
    if (ts::Is(f, "attribute")) {
      std::string_view meth = ctx.Text(ts::Field(f, "attribute"));
      const LongLivedList* l = which(ts::Field(f, "object"));
      if (l && (meth == "append" || meth == "extend" || meth == "insert") && df.IsPerStep(fn)) appends[l].push_back(call);
      if (l && meth == "clear" && df.IsPerStep(fn)) cleared.insert(l);
    }
    const TfName* tf = df.CalleeTfName(call);
    if (tf && IsReduction(tf->path) && df.IsPerStep(fn)) {
      TSNode arg = m.Arg(call, 0, tf->path.find("add_n") != std::string::npos ? "inputs" : "input_tensor");
      if (const LongLivedList* l = ts_node_is_null(arg) ? nullptr : which(arg)) reductions.emplace_back(call, l);
    }
  }
  // `x = []` / `x[:] = []` / `del x[:]` inside per-step code resets the list.
  auto visit = [&](TSNode n, const char*) {
        if (ts::Is(n, "assignment") || ts::Is(n, "delete_statement")) {
          TSNode t = ts::Is(n, "assignment") ? ts::Field(n, "left") : ts_node_named_child(n, 0);
          if (ts::Is(t, "subscript")) t = ts::Field(t, "value");
          int fn = m.FunctionScopeAt(ts_node_start_byte(n));
          if (!df.IsPerStep(fn)) return false;
          auto found = by_key.find(ctx.Text(t));
          if (found == by_key.end()) return false;
          for (const LongLivedList* lp : found->second)
            if (const LongLivedList& l = *lp; true) {
              if (l.cls >= 0 && m.ClassOf(fn) != l.cls) continue;
              if (l.cls < 0 && ts::Is(t, "identifier")) {
                const Binding* b = m.Lookup(l.key, ts_node_start_byte(t));
                if (!b || b->scope != 0) continue;
              }
              cleared.insert(lp);
            }
          return false;
        }
        return true;
      };
  for (TSNode n : df.NodesOfType("assignment")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("delete_statement")) visit(n, nullptr);
  for (auto& [call, l] : reductions) {
    if (cleared.count(l) || !appends.count(l)) continue;
    TSNode first = appends[l].front();
    int fn = m.FunctionScopeAt(ts_node_start_byte(first));
    ctx.Report(call, fmt::format("`{}` reduces `{}`, a {} list appended to in per-step code (`{}` at line {}, {}) "
                                 "and never cleared: TF1 filled it once while building the graph, eagerly it grows "
                                 "every step, so this sums the losses of all steps so far. Clear it at the start of "
                                 "each step or build the list locally",
                                 ctx.Text(ts::Field(call, "function")), l->key,
                                 l->cls >= 0 ? "long-lived" : "module-level",
                                 fn >= 0 ? m.scopes()[fn].name : std::string("?"), df.Line(first),
                                 df.PerStepReason(fn)));
  }
}

}  // namespace tfm

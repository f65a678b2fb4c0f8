#include "analyzer/checks/tfm406_tensor_cached_at_init.h"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
};

const RuleInfo& TensorCachedAtInit::info() const {
  static const RuleInfo kInfo{
      .id = "TFM406",
      .name = "tensor-cached-at-init",
      .severity = Severity::kError,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "a tensor derived from a variable or random op computed once and reused where TF1 recomputed it "
                 "every run",
      .trigger = "guide pattern 2: a tensor computed once and reused where TF1 recomputed it every `sess.run` — "
                 "`learning_rate = 1.0 / global_step` passed to an optimizer (example 1), `self.noise = "
                 "tf.random.normal(...)` in `__init__` (example 2), any tensor derived from a variable or a random "
                 "op stored at module level or on `self` and read in per-step code",
      .fix_note = "unsafe in the catalogue (a callable or a `LearningRateSchedule`); not applied automatically",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm406() {
  static const TensorCachedAtInit kRule;
  return kRule;
}

namespace {

bool IsOptimizerCtor(const TfName* tf) {
  if (!tf) return false;
  const std::string& p = tf->path;
  if (p.find("()") != std::string::npos) return false;
  if (p.find("schedules") != std::string::npos) return false;
  if (p.rfind("keras.optimizers.", 0) == 0 || p.rfind("optimizers.", 0) == 0) return true;
  return p.rfind("train.", 0) == 0 && p.size() > 9 && p.compare(p.size() - 9, 9, "Optimizer") == 0;
}

// Does the expression contain a random op call (outside lambdas)?
bool HasRandom(const DataFlow& df, TSNode expr) {
  bool found = false;
  ts::Walk<false>(
      expr,
      [&](TSNode n, const char*) {
        if (found || ts::Is(n, "lambda")) return false;
        if (ts::Is(n, "call") && df.IsRandomCall(n)) found = true;
        return !found;
      },
      [](TSNode) {});
  return found;
}

}  // namespace

void TensorCachedAtInit::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  std::unordered_set<uint32_t> reported;  // assignment start bytes
  auto report_once = [&](TSNode at, std::string msg) {
    if (reported.insert(ts_node_start_byte(at)).second) ctx.Report(at, std::move(msg));
  };
  // 1. Module-level names handed to an optimizer or read in per-step code.
  for (TSNode call : m.calls()) {
    if (!IsOptimizerCtor(df.CalleeTfName(call))) continue;
    TSNode args = ts::Field(call, "arguments");
    for (TSNode a : ts::NamedChildren(args)) {
      TSNode v = ts::Is(a, "keyword_argument") ? ts::Field(a, "value") : a;
      if (ts::Is(v, "identifier")) {
        const Binding* b = m.Lookup(ctx.Text(v), ts_node_start_byte(v));
        if (!b || b->kind != BindingKind::kAssign || ts_node_is_null(b->value)) continue;
        if (!df.DerivesFromStateOrRandom(b->value)) continue;
        report_once(df.Parent(b->value),
                    fmt::format("`{}` is computed once from a variable or random op and handed to `{}`: TF1 "
                                "recomputed it on every `sess.run`, eagerly the optimizer keeps the first value. "
                                "Pass a callable (`lambda: {}`) or a `LearningRateSchedule`",
                                ctx.Text(df.Parent(b->value)), ctx.Text(ts::Field(call, "function")),
                                ctx.Text(b->value)));
      } else if (df.DerivesFromStateOrRandom(v)) {
        report_once(v, fmt::format("`{}` is evaluated once when `{}` is built: TF1 recomputed it on every "
                                   "`sess.run`, eagerly the optimizer keeps the first value. Pass a callable "
                                   "(`lambda: {}`) or a `LearningRateSchedule`",
                                   ctx.Text(v), ctx.Text(ts::Field(call, "function")), ctx.Text(v)));
      }
    }
  }
  // 2. Module-level tensors read in per-step code (eager code only: TF1 graph code
  //    reads tensors through sess.run, which recomputes them).
  {
    // Module-level tensors derived from a variable or random op, then their reads in per-step code.
    std::vector<const Binding*> candidates;
    std::unordered_set<std::string_view> names;
    for (const Binding& b : m.bindings()) {
      if (b.scope != 0 || b.kind != BindingKind::kAssign || ts_node_is_null(b.value)) continue;
      if (df.InGraphCode(b.value) || !df.DerivesFromStateOrRandom(b.value)) continue;
      candidates.push_back(&b);
      names.insert(b.name);
    }
    std::unordered_map<std::string_view, std::vector<TSNode>> per_step_reads;
    if (!candidates.empty()) {
      // Walk the bodies of the outermost per-step functions only.
      const auto& scopes = m.scopes();
      for (size_t si = 0; si < scopes.size(); ++si) {
        if (scopes[si].kind != ScopeKind::kFunction || !df.IsPerStep(static_cast<int>(si))) continue;
        bool nested = false;
        for (int p = scopes[si].parent; p >= 0; p = scopes[p].parent) nested |= df.IsPerStep(p);
        if (nested) continue;
        ts::Walk<false>(
            ts::Field(scopes[si].node, "body"),
            [&](TSNode n, const char*) {
              if (ts::Is(n, "identifier") && names.count(m.Text(n))) per_step_reads[m.Text(n)].push_back(n);
              return true;
            },
            [](TSNode) {});
      }
    }
    for (const Binding* bp : candidates) {
      const Binding& b = *bp;
      auto it = per_step_reads.find(b.name);
      if (it == per_step_reads.end()) continue;
      TSNode reader{};
      for (TSNode n : it->second)
        if (m.Lookup(b.name, ts_node_start_byte(n)) == &b) {
          reader = n;
          break;
        }
      if (ts_node_is_null(reader)) continue;
      int fn = m.FunctionScopeAt(ts_node_start_byte(reader));
      report_once(df.Parent(b.value),
                  fmt::format("`{}` is a tensor computed once at module level from a variable or random op and "
                              "read in `{}` ({}) at line {}: TF1 recomputed it on every `sess.run`, eagerly it keeps "
                              "its first value. Compute it inside the step or wrap it in a callable",
                              b.name, m.scopes()[fn].name, df.PerStepReason(fn), df.Line(reader)));
    }
  }
  // 3. self.<attr> = <tensor from a variable / random op> in __init__, read in another method.
  const auto& scopes = m.scopes();
  for (size_t si = 0; si < scopes.size(); ++si) {
    if (!df.IsInitMethod(static_cast<int>(si)) || scopes[si].name != "__init__") continue;
    int cls = m.ClassOf(static_cast<int>(si));
    ts::Walk<false>(
        scopes[si].node,
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "assignment")) return !ts::Is(n, "lambda");
          TSNode l = ts::Field(n, "left");
          TSNode r = ts::Field(n, "right");
          if (!ts::Is(l, "attribute") || m.Text(ts::Field(l, "object")) != "self") return false;
          bool eager = !df.InGraphCode(n);
          bool hazard = eager ? df.DerivesFromStateOrRandom(r) : (HasRandom(df, r) && df.DerivesFromStateOrRandom(r));
          if (!hazard) return false;
          std::string_view attr = m.Text(ts::Field(l, "attribute"));
          // read in another method of the class
          TSNode reader{};
          for (size_t sj = 0; sj < scopes.size() && ts_node_is_null(reader); ++sj) {
            if (sj == si || m.ClassOf(static_cast<int>(sj)) != cls || df.IsInitMethod(static_cast<int>(sj))) continue;
            ts::Walk<false>(
                scopes[sj].node,
                [&](TSNode x, const char*) {
                  if (!ts_node_is_null(reader)) return false;
                  if (ts::Is(x, "attribute") && m.Text(ts::Field(x, "object")) == "self" &&
                      m.Text(ts::Field(x, "attribute")) == attr) {
                    TSNode p = df.Parent(x);
                    if (!(ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), x))) reader = x;
                    return false;
                  }
                  return true;
                },
                [](TSNode) {});
          }
          if (ts_node_is_null(reader)) return false;
          report_once(n, fmt::format("`{}` holds a tensor computed once in `__init__` from a {}: TF1 recomputed it "
                                     "on every `sess.run`, eagerly every use (e.g. line {}) sees the same value. "
                                     "Store a callable (`lambda: {}`) and call it where the value is used",
                                     ctx.Text(l), HasRandom(df, r) ? "random op" : "variable", df.Line(reader),
                                     ctx.Text(r)));
          return false;
        },
        [](TSNode) {});
  }
}

}  // namespace tfm

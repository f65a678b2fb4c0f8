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

// Methods and TF functions whose result changes state when it runs: an assign, an optimizer
// step, an iterator's advance.
bool StatefulName(std::string_view n) {
  return n == "assign" || n == "assign_add" || n == "assign_sub" || n == "minimize" || n == "apply_gradients" ||
         n == "get_next" || n == "count_up_to" || n.starts_with("scatter_") || n == "batch_scatter_update";
}

// Does running `e` (a graph op or a list of them) change state or draw random numbers? Follows
// names to their values (and to what `.append` adds to a list), and calls of this file's
// functions to what they return. `what` gets the stateful call found.
bool Stateful(const SemanticModel& m, const DataFlow& df, TSNode e, int depth, std::string* what) {
  if (ts_node_is_null(e) || depth > 6) return false;
  bool found = false;
  ts::Walk<false>(
      e,
      [&](TSNode n, const char*) {
        if (found || ts::Is(n, "lambda")) return false;
        if (ts::Is(n, "call")) {
          if (df.IsVariableCreation(n)) return false;  // tf.Variable(tf.random...) is created once, fine
          std::string_view last;
          TSNode fn = ts::Field(n, "function");
          if (const TfName* tf = df.CalleeTfName(n)) {
            std::string_view p = tf->path;
            auto dot = p.rfind('.');
            last = dot == std::string_view::npos ? p : p.substr(dot + 1);
          } else if (ts::Is(fn, "attribute")) {
            last = m.Text(ts::Field(fn, "attribute"));
          }
          if (df.IsRandomCall(n) || StatefulName(last)) {
            found = true;
            *what = std::string(m.Text(fn));
            return false;
          }
          TSNode def = df.CalleeDef(n);
          if (!ts_node_is_null(def) && !ts::Contains(def, e)) {
            int scope = df.ScopeOfDef(def);
            for (TSNode r : df.NodesOfType("return_statement")) {
              if (!ts::Contains(def, r) || m.FunctionScopeAt(ts_node_start_byte(r)) != scope) continue;
              if (Stateful(m, df, ts_node_named_child(r, 0), depth + 1, what)) {
                found = true;
                return false;
              }
            }
          }
          return true;
        }
        if (ts::Is(n, "identifier")) {
          for (TSNode v : df.AssignedValues(n))
            if (Stateful(m, df, v, depth + 1, what)) {
              found = true;
              return false;
            }
          // `ops = []` then `ops.append(w.assign(...))` in the same scope
          const Binding* b = m.Lookup(m.Text(n), ts_node_start_byte(n));
          if (b && ts::Is(b->value, "list")) {
            for (TSNode c : m.AttributesNamed("append")) {
              TSNode obj = ts::Field(c, "object");
              TSNode call = df.Parent(c);
              if (!ts::Is(obj, "identifier") || m.Text(obj) != b->name || !ts::Is(call, "call")) continue;
              if (m.Lookup(b->name, ts_node_start_byte(obj)) != b) continue;
              for (TSNode a : m.PositionalArgs(call))
                if (Stateful(m, df, a, depth + 1, what)) {
                  found = true;
                  return false;
                }
            }
          }
          return false;
        }
        if (ts::Is(n, "attribute")) {
          if (ts::Is(ts::Field(n, "object"), "identifier") && m.Text(ts::Field(n, "object")) == "self")
            for (TSNode v : df.AssignedValues(n))
              if (Stateful(m, df, v, depth + 1, what)) {
                found = true;
                return false;
              }
          return false;
        }
        return true;
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
  // 4. Graph code: a `sess.run` fetching an op built once elsewhere — in another method
  //    (`self._train_op` made in `__init__`) or before the loop the run sits in — that changes
  //    state or draws random numbers (an optimizer step, assigns, `get_next()`, random inputs).
  //    TF1 re-ran it on every run; built eagerly it runs once, when it is made.
  //    A file that disables eager execution keeps TF1 graph semantics under TF2: its runs
  //    re-run the op, nothing to report.
  for (const DataFlow::RunSite& site : df.EagerDisabled() ? std::vector<DataFlow::RunSite>{} : df.run_sites()) {
    if (ts_node_is_null(site.fetches)) continue;
    int run_fn = m.FunctionScopeAt(ts_node_start_byte(site.call));
    TSNode loop = df.EnclosingLoop(site.call);
    std::vector<TSNode> todo{site.fetches};
    while (!todo.empty()) {
      TSNode f = todo.back();
      todo.pop_back();
      if (ts::Is(f, "list") || ts::Is(f, "tuple")) {
        for (TSNode c : ts::NamedChildren(f)) todo.push_back(c);
        continue;
      }
      bool attr = ts::Is(f, "attribute") && m.Text(ts::Field(f, "object")) == "self";
      if (!attr && !ts::Is(f, "identifier")) continue;
      for (TSNode v : df.AssignedValues(f)) {
        // built elsewhere: in another function (attributes), or outside the loop around the run
        bool once = attr ? m.FunctionScopeAt(ts_node_start_byte(v)) != run_fn
                         : !ts_node_is_null(loop) && !ts::Contains(loop, v);
        if (!once) continue;
        std::string what;
        if (!Stateful(m, df, v, 0, &what)) continue;
        if (!reported.insert(ts_node_start_byte(f)).second) break;
        ctx.ReportAtSessionRun(f, fmt::format("`{}` is built once (line {}) and runs `{}` on every `{}`: TF1 re-ran "
                                              "the op each time, built eagerly it runs once, when it is made. Make "
                                              "it a function (a `tf.function` step) called where the run is",
                                              ctx.Text(f), df.Line(v), what,
                                              ctx.Text(ts::Field(site.call, "function"))));
        break;
      }
    }
  }
  // 5. A penalty computed once from a variable and put in a loss collection
  //    (`tf.add_to_collection(GraphKeys.REGULARIZATION_LOSSES, regularizer(var))`): the losses
  //    that sum the collection re-ran it on every `sess.run` in TF1; computed eagerly it is a
  //    number fixed at the variable's creation, never recomputed from the updated weights.
  if (!df.EagerDisabled()) {
    for (TSNode call : m.calls()) {
      const TfName* tf = df.CalleeTfName(call);
      if (!tf || tf->ns == TfNs::kV2 || (tf->path != "add_to_collection" && tf->path != "add_to_collections")) continue;
      const auto& pos = m.PositionalArgs(call);
      TSNode key = m.Arg(call, 0, tf->path == "add_to_collection" ? "name" : "names");
      TSNode value = m.Arg(call, 1, "value");
      if (ts_node_is_null(key) || ts_node_is_null(value) || pos.empty()) continue;
      const TfName* kt = m.ResolveTfName(key);
      const bool loss_key = (kt && (kt->path == "GraphKeys.REGULARIZATION_LOSSES" || kt->path == "GraphKeys.LOSSES")) ||
                            m.Text(key) == "\"regularization_losses\"" || m.Text(key) == "'regularization_losses'";
      if (!loss_key) continue;
      std::vector<TSNode> values;
      if (ts::Is(value, "identifier")) values = df.AssignedValues(value);
      else values.push_back(value);
      for (TSNode v : values) {
        if (!ts::Is(v, "call") || df.IsVariableCreation(v)) continue;
        TSNode from{};
        for (TSNode a : m.PositionalArgs(v))
          if (df.IsVariable(a)) from = a;
        if (ts_node_is_null(from) && !df.DerivesFromStateOrRandom(v)) continue;
        TSNode at = ts::Is(df.Parent(v), "assignment") ? df.Parent(v) : v;
        report_once(at, fmt::format("`{}` is computed once{} and put in the `{}` collection: the losses summing "
                                    "it re-ran it on every `sess.run` in TF1; eagerly it is a value fixed when the "
                                    "variable is made, never recomputed from the updated weights. Compute the "
                                    "penalty in the step (or pass the layer a regularizer callable)",
                                    ctx.Text(at),
                                    ts_node_is_null(from) ? std::string(" from a variable")
                                                          : fmt::format(" from the variable `{}`", ctx.Text(from)),
                                    m.Text(key)));
        break;
      }
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

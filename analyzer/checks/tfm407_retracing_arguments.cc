#include "analyzer/checks/tfm407_retracing_arguments.h"

#include <fmt/format.h>

#include <unordered_map>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kRetrace},
};

const RuleInfo& RetracingArguments::info() const {
  static const RuleInfo kInfo{
      .id = "TFM407",
      .name = "retracing-arguments",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "a tf.function called in a loop with a Python number that changes per iteration: one trace per call",
      .trigger = "a `tf.function` called in a loop with Python numbers or fresh Python objects that change per call: "
                 "one trace per call",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm407() {
  static const RetracingArguments kRule;
  return kRule;
}

namespace {

// Is the for-loop's iterable a sequence of Python numbers (range, enumerate index, arange, literal list)?
bool NumericIterable(const SemanticModel& m, TSNode iter, TSNode target, TSNode name) {
  if (!ts::Is(iter, "call")) {
    if (ts::Is(iter, "list") || ts::Is(iter, "tuple")) {
      for (TSNode c : ts::NamedChildren(iter))
        if (!ts::Is(c, "integer") && !ts::Is(c, "float")) return false;
      return ts_node_named_child_count(iter) > 0;
    }
    return false;
  }
  std::string_view f = m.Text(ts::Field(iter, "function"));
  if (f == "range" && !m.Lookup("range", ts_node_start_byte(iter))) return ts::Same(target, name);
  if (f == "enumerate" && !m.Lookup("enumerate", ts_node_start_byte(iter))) {
    // for i, batch in enumerate(ds): only the index
    if (ts::Is(target, "pattern_list") || ts::Is(target, "tuple_pattern")) {
      TSNode first = ts_node_named_child(target, 0);
      return ts::Same(first, name);
    }
    return false;
  }
  if (f.ends_with(".arange") || f.ends_with(".linspace")) return ts::Same(target, name);
  return false;
}

// Builtins whose result is a Python number when their arguments are.
bool NumericBuiltin(const SemanticModel& m, TSNode call) {
  TSNode fn = ts::Field(call, "function");
  if (!ts::Is(fn, "identifier")) return false;
  std::string_view f = m.Text(fn);
  bool builtin = f == "float" || f == "int" || f == "round" || f == "abs" || f == "min" || f == "max" || f == "len" ||
                 f == "sum" || f == "pow";
  return builtin && !m.Lookup(f, ts_node_start_byte(call));
}

bool HasInputSignature(const SemanticModel& m, TSNode call) {
  for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
    if (ts::Is(a, "keyword_argument") && m.Text(ts::Field(a, "name")) == "input_signature") return true;
  return false;
}

// Was the traced function given an input_signature (every argument converted to a
// tensor of the signature: no retrace per value)? `@tf.function(input_signature=...)`
// or `name = tf.function(fn, input_signature=...)`.
bool FixedSignature(const SemanticModel& m, TSNode def) {
  TSNode p = ts_node_parent(def);
  if (ts::Is(p, "decorated_definition"))
    for (TSNode d : ts::NamedChildren(p)) {
      if (!ts::Is(d, "decorator")) continue;
      TSNode e = ts_node_named_child(d, 0);
      if (ts::Is(e, "call") && HasInputSignature(m, e)) return true;
    }
  std::string_view name = m.Text(ts::Field(def, "name"));
  for (TSNode c : m.calls()) {
    TSNode first = ts_node_named_child(ts::Field(c, "arguments"), 0);
    if (ts::Is(first, "identifier") && m.Text(first) == name && HasInputSignature(m, c)) return true;
  }
  return false;
}

}  // namespace

void RetracingArguments::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  std::unordered_map<uint32_t, bool> fixed_signature;  // by the def's start byte
  for (TSNode call : m.calls()) {
    int callee = df.ScopeOfDef(df.CalleeDef(call));
    if (!df.IsTraced(callee)) continue;
    TSNode loop = df.EnclosingLoop(call);
    if (ts_node_is_null(loop)) continue;
    // answered once per function: the `tf.function(fn, input_signature=...)` form scans every call
    TSNode def = df.CalleeDef(call);
    auto [known, fresh] = fixed_signature.try_emplace(ts_node_start_byte(def), false);
    if (fresh) known->second = FixedSignature(m, def);
    if (known->second) continue;
    TSNode args = ts::Field(call, "arguments");
    for (TSNode a : ts::NamedChildren(args)) {
      TSNode v = ts::Is(a, "keyword_argument") ? ts::Field(a, "value") : a;
      if (df.IsTensor(v)) continue;
      // Collect identifiers of the argument expression (not inside calls: tf.constant(i) is fine).
      std::string culprit;
      std::string why;
      bool opaque = false;  // a call other than a numeric builtin: numpy, TF or user code
      ts::Walk<false>(
          v,
          [&](TSNode n, const char*) {
            if (opaque) return false;
            if (ts::Is(n, "call")) {
              if (NumericBuiltin(m, n)) return true;  // float(i) is still a Python number
              opaque = true;
              return false;
            }
            if (!culprit.empty()) return true;
            if (ts::Is(n, "lambda")) return false;
            if (!ts::Is(n, "identifier")) return true;
            const Binding* b = m.Lookup(m.Text(n), ts_node_start_byte(n));
            if (!b) return false;
            // loop variable of an enclosing numeric loop
            for (TSNode l = loop; !ts_node_is_null(l); l = df.EnclosingLoop(l)) {
              if (!ts::Is(l, "for_statement")) continue;
              TSNode target = ts::Field(l, "left");
              if (b->kind == BindingKind::kFor && ts::Contains(target, b->target) &&
                  NumericIterable(m, ts::Field(l, "right"), target, b->target)) {
                culprit = std::string(m.Text(n));
                why = fmt::format("the loop variable of line {}", df.Line(l));
              }
            }
            // a Python number re-assigned inside the loop body
            if (culprit.empty() && (b->kind == BindingKind::kAugAssign || b->kind == BindingKind::kAssign)) {
              for (TSNode l = loop; !ts_node_is_null(l); l = df.EnclosingLoop(l)) {
                TSNode body = ts::Field(l, "body");
                uint32_t bb = b->byte;
                if (bb < ts_node_start_byte(body) || bb >= ts_node_end_byte(body)) continue;
                if (b->kind == BindingKind::kAssign &&
                    (ts_node_is_null(b->value) || df.IsTensor(b->value) || ts::Is(b->value, "string") ||
                     (ts::Is(b->value, "call") && m.Resolve(ts::Field(b->value, "function")))))
                  continue;
                // it must change between iterations: augmented, or computed from itself / a loop variable
                bool changes = b->kind == BindingKind::kAugAssign;
                if (!changes) {
                  ts::Walk<false>(
                      b->value,
                      [&](TSNode x, const char*) {
                        if (changes) return false;
                        if (ts::Is(x, "identifier")) {
                          const Binding* xb = m.Lookup(m.Text(x), ts_node_start_byte(x));
                          if (xb && (xb->name == b->name || xb->kind == BindingKind::kFor)) changes = true;
                        }
                        return true;
                      },
                      [](TSNode) {});
                }
                if (changes) {
                  culprit = std::string(m.Text(n));
                  why = fmt::format("reassigned at line {} in the loop", m.source().LineOf(bb) + 1);
                }
              }
            }
            return false;
          },
          [](TSNode) {});
      if (culprit.empty() || opaque) continue;
      ctx.Report(v, fmt::format("the tf.function `{}` is called in a loop with the Python number `{}` ({}): "
                                "every new value makes a new trace. Pass it as a tensor (`tf.constant({})`)",
                                m.scopes()[callee].name, culprit, why, culprit));
    }
  }
}

}  // namespace tfm

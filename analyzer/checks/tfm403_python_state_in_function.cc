#include "analyzer/checks/tfm403_python_state_in_function.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
};

const RuleInfo& PythonStateInFunction::info() const {
  static const RuleInfo kInfo{
      .id = "TFM403",
      .name = "python-state-in-function",
      .severity = Severity::kWarning,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "Python side effects that steer logic inside a tf.function run only while tracing",
      .trigger = "guide pattern 1, example 3: inside a `tf.function`, Python side effects that steer logic — `if key "
                 "not in self.cache`, `dict[k] = …`, `list.append`, `global`/`nonlocal` writes, attribute writes of "
                 "non-variables — run only while tracing",
      .fix_note = "unsafe in the catalogue (`tf.init_scope()` or restructure); not applied automatically",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm403() {
  static const PythonStateInFunction kRule;
  return kRule;
}

namespace {

const char* const kMutators[] = {"append", "extend", "insert", "add", "update", "setdefault", "pop", "popitem",
                                 "clear", "remove", "discard"};

bool IsMutator(std::string_view m) {
  for (const char* k : kMutators)
    if (m == k) return true;
  return false;
}

// The state a write touches, when it outlives the call: `self.x`, an outer name.
bool OutlivesCall(const SemanticModel& m, const DataFlow& df, TSNode target) {
  if (ts::Is(target, "attribute")) {
    if (df.IsVariable(target) || df.IsTensor(target)) return false;
    if (m.Resolve(target)) return false;  // a TF object (optimizer, module)
    TSNode root = target;
    while (ts::Is(root, "attribute") || ts::Is(root, "subscript"))
      root = ts::Is(root, "attribute") ? ts::Field(root, "object") : ts::Field(root, "value");
    return ts::Is(root, "identifier") && (m.Text(root) == "self" || !df.IsLocalName(root));
  }
  if (ts::Is(target, "identifier")) {
    if (df.IsLocalName(target) || df.IsTensor(target) || m.Resolve(target)) return false;
    return true;
  }
  if (ts::Is(target, "subscript")) return OutlivesCall(m, df, ts::Field(target, "value"));
  return false;
}

// A tf.function defined inside another function and called there exactly once, outside
// any loop, with its name used for nothing else (not returned, stored or passed on): each
// time the enclosing function runs it makes a new tf.function and calls it once, and that
// call traces it, so the body's Python side effects run on every call — nothing is left
// for "later calls" to miss (a test that appends in the body to count its traces relies on
// exactly that).
bool LocalFunctionCalledOnce(const SemanticModel& m, const DataFlow& df, int scope) {
  const Scope& s = m.scopes()[scope];
  if (s.parent < 0 || m.scopes()[s.parent].kind != ScopeKind::kFunction || s.name.empty()) return false;
  const Scope& outer = m.scopes()[s.parent];
  const Binding* def = nullptr;
  auto it = outer.bindings.find(s.name);
  if (it == outer.bindings.end() || it->second.size() != 1) return false;  // rebound: unknown
  def = &m.bindings()[it->second.front()];
  if (def->kind != BindingKind::kFunction) return false;
  int calls = 0;
  for (TSNode id : m.NodesOfType("identifier")) {
    const uint32_t b = ts_node_start_byte(id);
    if (b < outer.begin || b >= outer.end || m.Text(id) != s.name) continue;
    if (ts_node_eq(id, ts::Field(s.node, "name"))) continue;  // the def itself
    if (m.Lookup(s.name, b) != def) continue;
    TSNode parent = ts::Parent(id);
    if (!ts::Is(parent, "call") || !ts_node_eq(ts::Field(parent, "function"), id)) return false;  // escapes
    if (df.InLoop(parent) || m.FunctionScopeAt(b) != s.parent) return false;  // more than one call
    ++calls;
  }
  return calls == 1;
}

}  // namespace

void PythonStateInFunction::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  const auto& scopes = m.scopes();
  auto fname = [&](TSNode n) {
    int s = df.TracedScopeAt(ts_node_start_byte(n));
    return s >= 0 ? scopes[s].name : std::string("?");
  };
  auto visit = [&](TSNode n, const char*) {
        auto type = ts::KindOf(n);
        if (type == "module" || type == "block" || type == "decorated_definition" || type == "class_definition" ||
            type == "function_definition" || type == "if_statement" || type == "for_statement" ||
            type == "while_statement" || type == "with_statement" || type == "try_statement" ||
            type == "else_clause" || type == "elif_clause" || type == "except_clause" || type == "finally_clause" ||
            type == "expression_statement")
          return true;
        if (!m.InTracedFunction(n) || df.InInitScope(n)) return false;
        if (type == "global_statement" || type == "nonlocal_statement") {
          // Only when the function writes the name.
          int fn = df.TracedScopeAt(ts_node_start_byte(n));
          for (TSNode id : ts::NamedChildren(n)) {
            std::string name(ctx.Text(id));
            bool written = false;
            for (const Binding& b : m.bindings())
              if (b.name == name && b.byte >= scopes[fn].begin && b.byte < scopes[fn].end &&
                  b.byte > ts_node_start_byte(n))
                written = true;
            if (!written) continue;
            ctx.Report(n, fmt::format("`{} {}` in the tf.function `{}`: the write to `{}` happens only while the "
                                      "function is traced, not on every call; keep the state in a `tf.Variable`",
                                      type == "global_statement" ? "global" : "nonlocal", name, fname(n), name));
          }
          return false;
        }
        if (type == "assignment" || type == "augmented_assignment") {
          TSNode left = ts::Field(n, "left");
          TSNode right = ts::Field(n, "right");
          // Created once, on the first trace (`if not holder[0]: holder[0] = Layer()`), as
          // the guide's `if self.v is None` cache: nothing later calls miss.
          const bool one_time = type == "assignment" && df.UnderNoneGuard(n);
          if (ts::Is(left, "subscript") && !one_time && OutlivesCall(m, df, left)) {
            ctx.Report(n, fmt::format("`{}` writes Python state in the tf.function `{}`; the write runs only "
                                      "while tracing, so later calls reuse what the first trace stored. Create "
                                      "the object under `tf.init_scope()` or keep the state outside the function",
                                      ctx.Text(left), fname(n)));
          } else if (ts::Is(left, "attribute") && OutlivesCall(m, df, left)) {
            bool variable = type == "assignment" && (df.IsVariable(right) || df.IsVariableCreation(right));
            if (!one_time && !variable)
              ctx.Report(n, fmt::format("`{}` is set in the tf.function `{}`; attribute writes of Python values "
                                        "run only while tracing, not on every call. Use a `tf.Variable` for state "
                                        "that changes per call",
                                        ctx.Text(left), fname(n)));
          } else if (type == "augmented_assignment" && ts::Is(left, "identifier") && OutlivesCall(m, df, left)) {
            // counter += 1 without global is an UnboundLocalError; nothing to add.
          }
          return false;
        }
        if (type == "call") {
          TSNode fn = ts::Field(n, "function");
          if (!ts::Is(fn, "attribute") || !IsMutator(ctx.Text(ts::Field(fn, "attribute")))) return false;
          TSNode recv = ts::Field(fn, "object");
          if (!OutlivesCall(m, df, recv)) return false;
          ctx.Report(n, fmt::format("`{}.{}(...)` mutates a Python container in the tf.function `{}`; it runs "
                                    "only while tracing, so the container does not change on later calls",
                                    ctx.Text(recv), ctx.Text(ts::Field(fn, "attribute")), fname(n)));
          return false;
        }
        return false;
      };
  // Outermost traced functions only (nested functions are walked with them).
  for (size_t si = 0; si < scopes.size(); ++si) {
    if (!scopes[si].traced) continue;
    bool nested = false;
    for (int p = scopes[si].parent; p >= 0; p = scopes[p].parent) nested |= scopes[p].traced;
    if (nested || LocalFunctionCalledOnce(m, df, static_cast<int>(si))) continue;
    TSNode body = ts::Field(scopes[si].node, "body");
    if (!ts_node_is_null(body)) ts::Walk<false>(body, visit, [](TSNode) {});
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm502_tensor_equality.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
    {DivergenceKind::kException, "(OperatorNotAllowed|TypeError|ValueError)"},
};

const RuleInfo& TensorEquality::info() const {
  static const RuleInfo kInfo{
      .id = "TFM502",
      .name = "tensor-equality",
      .severity = Severity::kWarning,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "== / != between tensors used as a Python bool, `in` and list.index/remove on tensors: TF1 compared "
                 "identity, TF2 compares values",
      .trigger = "`==` / `!=` between tensors or variables used as a Python bool, `x in list_of_tensors`, "
                 "`list.index(t)`, `list.remove(t)`: TF1 compared identity, TF2 compares values elementwise",
      .fix_note = "unsafe (`==` → `is`, `!=` → `is not`)",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm502() {
  static const TensorEquality kRule;
  return kRule;
}

namespace {

// Is the comparison's result consumed as a Python bool (or displayed)?
bool UsedAsBool(const SemanticModel& m, const DataFlow& df, TSNode cmp) {
  TSNode child = cmp;
  for (TSNode p = df.Parent(cmp); !ts_node_is_null(p); child = p, p = df.Parent(p)) {
    auto t = ts::KindOf(p);
    if (t == "parenthesized_expression") continue;
    if (t == "not_operator" || t == "boolean_operator" || t == "assert_statement" || t == "expression_statement" ||
        t == "if_clause")  // a comprehension's filter
      return true;
    if (t == "if_statement" || t == "elif_clause" || t == "while_statement")
      return ts::Same(ts::Field(p, "condition"), child);
    if (t == "conditional_expression") return ts::Same(ts_node_named_child(p, 1), child);
    if (t == "argument_list") {
      TSNode call = df.Parent(p);
      TSNode fn = ts::Field(call, "function");
      return ts::Is(fn, "identifier") && m.Text(fn) == "bool";
    }
    return false;
  }
  return false;
}

// A Python list of tensors: a literal with a tensor element, a name bound to one,
// or a variable collection (`tf.trainable_variables()`, `model.trainable_variables`).
bool IsTensorList(const SemanticModel& m, const DataFlow& df, TSNode e, int depth = 0) {
  if (depth > 4 || ts_node_is_null(e)) return false;
  if (ts::Is(e, "list") || ts::Is(e, "tuple")) {
    for (TSNode c : ts::NamedChildren(e))
      if (df.IsTensor(c)) return true;
    return false;
  }
  if (ts::Is(e, "attribute")) {
    std::string_view a = m.Text(ts::Field(e, "attribute"));
    if (a == "trainable_variables" || a == "trainable_weights" || a == "variables" || a == "weights" ||
        a == "non_trainable_variables")
      return true;
  }
  if (ts::Is(e, "call")) {
    const TfName* tf = df.CalleeTfName(e);
    if (tf && (tf->path == "trainable_variables" || tf->path == "global_variables" || tf->path == "get_collection" ||
               tf->path == "local_variables" || tf->path == "model_variables"))
      return true;
  }
  if (df.IsTensorList(e)) return true;  // graph collections (`g.get_collection(key)`), lists of tensors
  if (ts::Is(e, "identifier") || ts::Is(e, "attribute"))
    for (TSNode v : df.AssignedValues(e))
      if (IsTensorList(m, df, v, depth + 1)) return true;
  return false;
}

// A Python list (the receiver of `.index` / `.remove` / `.count`): a literal, a
// comprehension, `list(...)` / `sorted(...)`, a TF variable collection, or a name bound
// to one of these. An object of unknown type (a user class with its own `remove`) is not.
bool IsPythonList(const SemanticModel& m, const DataFlow& df, TSNode e, int depth = 0) {
  if (depth > 4 || ts_node_is_null(e)) return false;
  if (ts::Is(e, "list") || ts::Is(e, "tuple") || ts::Is(e, "list_comprehension")) return true;
  if (IsTensorList(m, df, e)) return true;
  if (ts::Is(e, "call")) {
    TSNode fn = ts::Field(e, "function");
    std::string_view f = m.Text(fn);
    return ts::Is(fn, "identifier") && (f == "list" || f == "sorted") && !m.Lookup(f, ts_node_start_byte(fn));
  }
  if (ts::Is(e, "identifier") || ts::Is(e, "attribute"))
    for (TSNode v : df.AssignedValues(e))
      if (IsPythonList(m, df, v, depth + 1)) return true;
  return false;
}

// A value that cannot be a tensor: a literal, a string, a number, None.
bool IsPlainLiteral(TSNode e) {
  auto t = ts::KindOf(e);
  return t == "string" || t == "concatenated_string" || t == "integer" || t == "float" || t == "true" ||
         t == "false" || t == "none";
}

}  // namespace

void TensorEquality::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  auto visit = [&](TSNode n, const char*) {
        if (!ts::Is(n, "comparison_operator")) return true;
        std::vector<TSNode> operands = ts::NamedChildren(n);
        std::vector<TSNode> ops;
        for (auto& [c, f] : ts::ChildrenWithFields(n))
          if (f && std::string_view(f) == "operators") ops.push_back(c);
        if (operands.size() != 2 || ops.empty() || ops.size() > 2) return true;
        std::string op_text(ctx.Text(ops[0]));
        if (ops.size() == 2) op_text += " " + std::string(ctx.Text(ops[1]));
        std::string_view op = op_text;
        TSNode a = operands[0], b = operands[1];
        if ((op == "==" || op == "!=") && ops.size() == 1 && df.IsTensor(a) && df.IsTensor(b) && UsedAsBool(m, df, n)) {
          Fix fix;
          fix.title = fmt::format("compare identity with `{}`", op == "==" ? "is" : "is not");
          fix.safety = FixSafety::kUnsafe;
          fix.edits.push_back(
              Edit{ts_node_start_byte(ops[0]), ts_node_end_byte(ops[0]), op == "==" ? "is" : "is not"});
          ctx.Report(n, fmt::format("`{}` compares two tensors: TF1 compared object identity (a Python bool), TF2 "
                                    "compares values elementwise and returns a tensor. Use `{}` when identity is "
                                    "meant, `tf.reduce_all(tf.equal(...))` when values are",
                                    ctx.Text(n), op == "==" ? "is" : "is not"),
                     std::move(fix));
        } else if ((op == "in" || op == "not in") &&
                   // an element of unknown type searched in a list known to hold only graph objects
                   // compares with each of them by `==` too
                   ((df.IsTensor(a) && IsTensorList(m, df, b)) || (!IsPlainLiteral(a) && df.IsTensorList(b)))) {
          ctx.Report(n, fmt::format("`{}` tests membership with `==`: TF1 matched the same object, TF2 compares "
                                    "tensor values (and raises for non-scalars). Compare `.ref()`s: "
                                    "`{}.ref() in {{t.ref() for t in {}}}`",
                                    ctx.Text(n), ctx.Text(a), ctx.Text(b)));
        }
        return true;
      };
  for (TSNode n : df.NodesOfType("comparison_operator")) visit(n, nullptr);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
    if (meth != "index" && meth != "remove" && meth != "count") continue;
    const auto& args = m.PositionalArgs(call);
    if (args.size() != 1 || IsPlainLiteral(args[0])) continue;
    TSNode recv = ts::Field(fn, "object");
    if (df.IsTensor(recv)) continue;
    // a tensor searched in a Python list, or anything searched in a list of graph objects
    if (!(df.IsTensor(args[0]) && IsPythonList(m, df, recv)) && !df.IsTensorList(recv)) continue;
    ctx.Report(call, fmt::format("`{}` finds `{}` with `==`: TF1 matched the same object, TF2 compares tensor "
                                 "values. Search by identity (`[i for i, t in enumerate(xs) if t is x]`) or by `.ref()`",
                                 ctx.Text(call), ctx.Text(args[0])));
  }
}

}  // namespace tfm

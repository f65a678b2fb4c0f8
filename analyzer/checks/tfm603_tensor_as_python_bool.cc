#include "analyzer/checks/tfm603_tensor_as_python_bool.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
    {DivergenceKind::kException, "(OperatorNotAllowed|TypeError|ValueError.*(bool|condition))"},
};

const RuleInfo& TensorAsPythonBool::info() const {
  static const RuleInfo kInfo{
      .id = "TFM603",
      .name = "tensor-as-python-bool",
      .severity = Severity::kInfo,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "Python if/while/and/or/not on a tensor in graph code: TF1 raises TypeError, TF2 eager evaluates it "
                 "and tf.function converts it",
      .trigger = "Python `if`/`while`/`and`/`or` on a tensor in graph code (TF1 raises TypeError); in TF2 eager it "
                 "works and in `tf.function` AutoGraph converts it — behavior differs between modes",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm603() {
  static const TensorAsPythonBool kRule;
  return kRule;
}

namespace {

bool Ordering(std::string_view op) { return op == "<" || op == ">" || op == "<=" || op == ">="; }

}  // namespace

void TensorAsPythonBool::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  if (!df.FileHasGraphCode()) return;  // only graph code is flagged
  auto tensorish = [&](TSNode e) {
    while (ts::Is(e, "parenthesized_expression")) e = ts_node_named_child(e, 0);
    if (ts::Is(e, "comparison_operator")) {
      auto kids = ts::NamedChildren(e);
      std::vector<TSNode> ops;
      for (auto& [c, f] : ts::ChildrenWithFields(e))
        if (f && std::string_view(f) == "operators") ops.push_back(c);
      if (kids.size() != 2 || ops.size() != 1 || !Ordering(ctx.Text(ops[0]))) return false;
      return df.IsTensor(kids[0]) || df.IsTensor(kids[1]);
    }
    if (ts::Is(e, "boolean_operator") || ts::Is(e, "not_operator")) return false;  // operands checked separately
    return df.IsTensor(e);
  };
  auto check = [&](TSNode cond, std::string_view construct) {
    if (ts_node_is_null(cond) || m.ContextOf(cond) != ExecContext::kGraph) return;
    std::vector<TSNode> todo{cond};
    while (!todo.empty()) {
      TSNode e = todo.back();
      todo.pop_back();
      while (ts::Is(e, "parenthesized_expression")) e = ts_node_named_child(e, 0);
      if (ts::Is(e, "boolean_operator")) {
        todo.push_back(ts::Field(e, "left"));
        todo.push_back(ts::Field(e, "right"));
        continue;
      }
      if (ts::Is(e, "not_operator")) {
        todo.push_back(ts::Field(e, "argument"));
        continue;
      }
      if (!ts::Is(e, "comparison_operator") && df.IsVariable(e))
        ctx.Report(e, fmt::format("Python `{}` on the variable `{}` in graph code: TF1 tests the variable object, "
                                  "which is always true; TF2 tests its value (false for 0 when eager; inside "
                                  "tf.function AutoGraph makes it a `tf.cond` that needs a bool scalar). Write "
                                  "`{} is not None` to keep TF1's meaning",
                                  construct, ctx.Text(e), ctx.Text(e)));
      else if (tensorish(e))
        ctx.Report(e, fmt::format("Python `{}` on the tensor `{}` in graph code: TF1 raises \"TypeError: Using a "
                                  "tf.Tensor as a Python bool is not allowed\"; TF2 evaluates it eagerly, and "
                                  "AutoGraph turns it into `tf.cond`/`tf.while_loop` inside tf.function. Use "
                                  "`tf.cond` / `tf.where` to keep one meaning",
                                  construct, ctx.Text(e)));
    }
  };
  auto visit = [&](TSNode n, const char*) {
        auto t = ts::KindOf(n);
        if (t == "if_statement" || t == "elif_clause") check(ts::Field(n, "condition"), "if");
        else if (t == "while_statement") check(ts::Field(n, "condition"), "while");
        else if (t == "conditional_expression") check(ts_node_named_child(n, 1), "if");
        else if (t == "boolean_operator") {
          TSNode p = df.Parent(n);
          bool nested_in_checked = ts::Is(p, "if_statement") || ts::Is(p, "elif_clause") ||
                                   ts::Is(p, "while_statement") || ts::Is(p, "boolean_operator") ||
                                   ts::Is(p, "not_operator") || ts::Is(p, "parenthesized_expression") ||
                                   ts::Is(p, "conditional_expression");
          if (!nested_in_checked) check(n, ctx.Text(n).find(" and ") != std::string_view::npos ? "and" : "or");
        } else if (t == "assert_statement") {
          check(ts_node_named_child(n, 0), "assert");
        }
        return true;
      };
  for (TSNode n : df.NodesOfType("if_statement")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("elif_clause")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("while_statement")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("conditional_expression")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("boolean_operator")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("assert_statement")) visit(n, nullptr);
}

}  // namespace tfm

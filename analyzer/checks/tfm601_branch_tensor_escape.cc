#include "analyzer/checks/tfm601_branch_tensor_escape.h"

#include <fmt/format.h>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "(InaccessibleTensor|ValueError|TypeError)"},
};

const RuleInfo& BranchTensorEscape::info() const {
  static const RuleInfo kInfo{
      .id = "TFM601",
      .name = "branch-tensor-escape",
      .severity = Severity::kError,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "a tensor created inside a tf.cond / tf.while_loop branch stored where code outside the branch can "
                 "use it",
      .trigger = "a tensor created inside a `tf.cond` / `tf.while_loop` branch or body (lambda or def) used outside "
                 "it: InaccessibleTensorError under control flow v2",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm601() {
  static const BranchTensorEscape kRule;
  return kRule;
}

namespace {

bool IsLiteral(TSNode v) {
  auto t = ts::KindOf(v);
  return t == "integer" || t == "float" || t == "string" || t == "none" || t == "true" || t == "false";
}

}  // namespace

void BranchTensorEscape::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    const TfName* tf = df.CalleeTfName(call);
    if (!tf) continue;
    const std::string& p = tf->path;
    std::vector<TSNode> branches;
    if (p == "cond" || p == "smart_cond") {
      branches = {m.Arg(call, 1, "true_fn"), m.Arg(call, 2, "false_fn")};
    } else if (p == "while_loop") {
      branches = {m.Arg(call, 0, "cond"), m.Arg(call, 1, "body")};
    } else if (p == "switch_case") {
      TSNode fns = m.Arg(call, 1, "branch_fns");
      if (ts::Is(fns, "list") || ts::Is(fns, "tuple")) branches = ts::NamedChildren(fns);
    } else {
      continue;
    }
    std::string cf = fmt::format("tf.{}", p);
    for (TSNode br : branches) {
      if (ts_node_is_null(br)) continue;
      TSNode body = ts::Is(br, "lambda") ? br : m.DefinitionOf(br);
      if (ts_node_is_null(body)) continue;
      std::string bname = ts::Is(br, "lambda") ? std::string("lambda") : std::string(ctx.Text(br));
      int scope = df.ScopeOfDef(body);
      auto report = [&](TSNode at, std::string_view where) {
        ctx.Report(at, fmt::format("`{}` stores a value made inside the `{}` branch `{}` where code outside the "
                                   "branch can reach it; under control flow v2 each branch is its own function "
                                   "graph, so using it outside raises InaccessibleTensorError. Return it from the "
                                   "branch instead",
                                   where, cf, bname));
      };
      ts::Walk<false>(
          body,
          [&](TSNode n, const char*) {
            if (!ts::Same(n, body) && (ts::Is(n, "function_definition") || ts::Is(n, "class_definition"))) return false;
            if (ts::Is(n, "assignment") || ts::Is(n, "augmented_assignment")) {
              TSNode l = ts::Field(n, "left");
              TSNode r = ts::Field(n, "right");
              if (ts_node_is_null(r) || IsLiteral(r)) return true;
              if (ts::Is(l, "attribute") || ts::Is(l, "subscript")) {
                TSNode root = l;
                while (ts::Is(root, "attribute") || ts::Is(root, "subscript"))
                  root = ts::Is(root, "attribute") ? ts::Field(root, "object") : ts::Field(root, "value");
                if (ts::Is(root, "identifier") && !df.IsLocalName(root)) report(n, ctx.Text(l));
                else if (ts::Is(root, "identifier") && ctx.Text(root) == "self") report(n, ctx.Text(l));
              } else if (ts::Is(l, "identifier") && scope >= 0) {
                const Scope& s = m.scopes()[scope];
                std::string name(ctx.Text(l));
                if (s.globals.count(name) || s.nonlocals.count(name)) report(n, name);
              }
              return true;
            }
            if (ts::Is(n, "call")) {
              TSNode fn = ts::Field(n, "function");
              if (ts::Is(fn, "attribute")) {
                std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
                TSNode recv = ts::Field(fn, "object");
                bool outer = (ts::Is(recv, "identifier") && !df.IsLocalName(recv) && !m.Resolve(recv)) ||
                             (ts::Is(recv, "attribute") && ctx.Text(ts::Field(recv, "object")) == "self");
                if (outer && (meth == "append" || meth == "extend" || meth == "add" || meth == "insert"))
                  report(n, fmt::format("{}.{}(...)", ctx.Text(recv), meth));
              }
            }
            return true;
          },
          [](TSNode) {});
    }
  }
}

}  // namespace tfm

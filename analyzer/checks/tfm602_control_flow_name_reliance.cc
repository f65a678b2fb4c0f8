#include "analyzer/checks/tfm602_control_flow_name_reliance.h"

#include <fmt/format.h>

#include <cctype>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "(KeyError|ValueError)"},
};

const RuleInfo& ControlFlowNameReliance::info() const {
  static const RuleInfo kInfo{
      .id = "TFM602",
      .name = "control-flow-name-reliance",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "code that depends on v1 control-flow op names or internals (cond/Merge, while/Exit, Switch lookups)",
      .trigger = "code that depends on v1 control-flow op names or internals (`\"cond/Merge\"`, `while/Exit`, "
                 "`Switch` lookups)",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm602() {
  static const ControlFlowNameReliance kRule;
  return kRule;
}

namespace {

const char* const kV1Ops[] = {"Switch", "Merge", "Enter", "Exit", "NextIteration", "LoopCond", "RefSwitch",
                              "RefMerge", "RefEnter", "RefExit", "RefNextIteration"};

bool IsV1OpType(std::string_view s) {
  for (const char* k : kV1Ops)
    if (s == k) return true;
  return false;
}

// "cond/Merge", "model/while/Exit_1:0", "cond_1/switch_t"
bool IsV1ControlFlowName(std::string_view s) {
  static const char* kParts[] = {"Switch", "Merge", "Enter", "Exit", "NextIteration", "LoopCond", "switch_t",
                                 "switch_f", "pred_id"};
  for (std::string_view frame : {"cond", "while"}) {
    for (size_t pos = s.find(frame); pos != std::string_view::npos; pos = s.find(frame, pos + 1)) {
      if (pos > 0 && s[pos - 1] != '/') continue;
      size_t i = pos + frame.size();
      if (i < s.size() && s[i] == '_') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      }
      if (i >= s.size() || s[i] != '/') continue;
      std::string_view rest = s.substr(i + 1);
      for (const char* p : kParts)
        if (rest.rfind(p, 0) == 0) return true;
    }
  }
  return false;
}

std::string_view Content(const SemanticModel& m, TSNode s) {
  for (TSNode c : ts::NamedChildren(s))
    if (ts::Is(c, "string_content")) return m.Text(c);
  return {};
}

// Is the string compared with an op's type (`op.type == "Switch"`, `node.op in ("Merge", ...)`)?
bool ComparedWithOpType(const SemanticModel& m, const DataFlow& df, TSNode str) {
  TSNode p = df.Parent(str);
  if (ts::Is(p, "tuple") || ts::Is(p, "list") || ts::Is(p, "set")) p = df.Parent(p);
  if (!ts::Is(p, "comparison_operator")) return false;
  for (TSNode c : ts::NamedChildren(p)) {
    if (!ts::Is(c, "attribute")) continue;
    std::string_view a = m.Text(ts::Field(c, "attribute"));
    if (a == "type" || a == "op") return true;
  }
  return false;
}

}  // namespace

void ControlFlowNameReliance::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  auto visit = [&](TSNode n, const char*) {
        if (ts::Is(n, "string")) {
          std::string_view s = Content(m, n);
          if (IsV1ControlFlowName(s)) {
            ctx.Report(n, fmt::format("{} names an op of TF1 control flow (Switch/Merge/Enter/Exit frames); "
                                      "control flow v2 builds `If`/`While` ops with function branches, so this "
                                      "name does not exist in TF2 graphs",
                                      ctx.Text(n)));
          } else if (IsV1OpType(s) && ComparedWithOpType(m, df, n)) {
            ctx.Report(n, fmt::format("comparing an op type with {}: TF1 control-flow op types do not appear in "
                                      "control flow v2 graphs (`If`, `StatelessIf`, `While`, `StatelessWhile`)",
                                      ctx.Text(n)));
          }
          return false;
        }
        if (ts::Is(n, "attribute")) {
          std::string_view a = ctx.Text(ts::Field(n, "attribute"));
          if (a == "_control_flow_context" || a == "_get_control_flow_context" || a == "_set_control_flow_context" ||
              a == "CondContext" || a == "WhileContext" || a == "control_flow_util") {
            ctx.Report(n, fmt::format("`{}` reaches into TF1 control-flow internals (contexts of Switch/Merge "
                                      "frames), which control flow v2 does not use",
                                      ctx.Text(n)));
            return false;
          }
        }
        return true;
      };
  for (TSNode n : df.NodesOfType("string")) visit(n, nullptr);
  for (TSNode n : m.AttributesNamedAny({"_control_flow_context", "_get_control_flow_context", "_set_control_flow_context",
                                        "CondContext", "WhileContext", "control_flow_util"}))
    visit(n, nullptr);
}

}  // namespace tfm

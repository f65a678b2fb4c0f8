#include "analyzer/checks/tfm802_cpp_frozen_graph_load.h"

#include <fmt/format.h>

#include <string>

namespace tfm {

const RuleInfo& CppFrozenGraphLoad::info() const {
  static const RuleInfo kInfo{
      .id = "TFM802",
      .name = "cpp-frozen-graph-load",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kCpp,
      .summary = "C++ frozen-graph serving: ReadBinaryProto(GraphDef) + NewSession + Session::Create",
      .trigger = "`ReadBinaryProto(…, GraphDef*)` + `NewSession` + `Session::Create`: frozen-graph serving instead "
                 "of `LoadSavedModel` + signatures",
  };
  return kInfo;
}

const Rule& rules::Tfm802() {
  static const CppFrozenGraphLoad kRule;
  return kRule;
}

void CppFrozenGraphLoad::CheckCpp(CppContext& ctx) const {
  const CppCall* create = nullptr;
  bool new_session = false;
  for (const CppCall& c : ctx.model().calls) {
    if (c.kind == CppCallKind::kMethod && c.qualified_class == "tensorflow::Session" && c.name == "Create")
      create = create ? create : &c;
    if (c.kind == CppCallKind::kFunction && c.name == "tensorflow::NewSession") new_session = true;
  }
  if (!create && !new_session) return;
  for (const CppCall& c : ctx.model().calls) {
    if (c.kind != CppCallKind::kFunction) continue;
    if (c.name != "tensorflow::ReadBinaryProto" && c.name != "tensorflow::ReadTextProto") continue;
    // The proto argument must be a GraphDef (a MetaGraphDef or other message is another pattern).
    bool graph_def = false;
    for (const auto& t : c.arg_types)
      if (t == "tensorflow::GraphDef *" || t == "class tensorflow::GraphDef *") graph_def = true;
    if (!graph_def) continue;
    std::string short_name = c.name.substr(c.name.rfind(':') + 1);
    ctx.Report(c.name_begin, c.end,
               fmt::format("`{}` loads a frozen `GraphDef` that is then run through `NewSession`/`Session::Create`{}: "
                           "TF2 exports SavedModels; serve them with `tensorflow::LoadSavedModel` and call their "
                           "signatures instead of addressing graph nodes",
                           short_name, create ? "" : " (no `Create` seen in this file)"));
  }
}

}  // namespace tfm

#include "analyzer/checks/tfm801_cpp_session_tensor_names.h"

#include <fmt/format.h>

#include <string>

namespace tfm {

const RuleInfo& CppSessionTensorNames::info() const {
  static const RuleInfo kInfo{
      .id = "TFM801",
      .name = "cpp-session-tensor-names",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kCpp,
      .summary = "C++ Session::Run addresses tensors by string names",
      .trigger = "`tensorflow::Session::Run` / `ClientSession::Run` addressing tensors by string names",
  };
  return kInfo;
}

const Rule& rules::Tfm801() {
  static const CppSessionTensorNames kRule;
  return kRule;
}

namespace {

bool IsSessionClass(const std::string& c) { return c == "tensorflow::Session"; }

std::string Quoted(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size() && i < 4; ++i) s += (i ? ", " : "") + fmt::format("\"{}\"", names[i]);
  if (names.size() > 4) s += fmt::format(" and {} more", names.size() - 4);
  return s;
}

}  // namespace

void CppSessionTensorNames::CheckCpp(CppContext& ctx) const {
  for (const CppCall& c : ctx.model().calls) {
    if (c.kind != CppCallKind::kMethod || !IsSessionClass(c.qualified_class) || c.name != "Run") continue;
    // Names can also come from variables; literals are what we can show.
    std::string what = c.string_args.empty() ? "tensor names held in strings" : Quoted(c.string_args);
    ctx.Report(c.name_begin, c.end,
               fmt::format("`tensorflow::Session::Run` addresses tensors by graph name ({}); TF2 graphs are "
                           "called through SavedModel signatures, whose generated names differ from TF1's: "
                           "load with `LoadSavedModel` and look inputs and outputs up in the `SignatureDef`",
                           what));
  }
}

}  // namespace tfm

#include "analyzer/source/diagnostic.h"

#include <tuple>

namespace tfm {

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kInfo: return "info";
    case Severity::kWarning: return "warning";
    case Severity::kError: return "error";
  }
  return "error";
}

std::optional<Severity> ParseSeverity(std::string_view s) {
  if (s == "info") return Severity::kInfo;
  if (s == "warning") return Severity::kWarning;
  if (s == "error") return Severity::kError;
  return std::nullopt;
}

std::string_view FixSafetyName(FixSafety s) {
  switch (s) {
    case FixSafety::kSafe: return "safe";
    case FixSafety::kUnsafe: return "unsafe";
    case FixSafety::kDisplayOnly: return "display-only";
  }
  return "display-only";
}

bool DiagnosticLess(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.path, a.start.cell, a.start.line, a.start.column, a.rule_id, a.message) <
         std::tie(b.path, b.start.cell, b.start.line, b.start.column, b.rule_id, b.message);
}

}  // namespace tfm

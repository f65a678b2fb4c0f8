#include "analyzer/checks/tf_spelling.h"

namespace tfm {

bool SplitMethod(std::string_view path, std::string_view* base, std::string_view* method) {
  auto paren = path.rfind("().");
  if (paren == std::string_view::npos) return false;
  std::string_view m = path.substr(paren + 3);
  if (m.empty() || m.find('.') != std::string_view::npos) return false;
  *base = path.substr(0, paren);
  *method = m;
  return true;
}

std::optional<std::string> CompatV1PrefixAt(const SemanticModel& m, uint32_t at) {
  std::optional<std::string> via_v1;
  for (const Binding& b : m.bindings()) {
    if (b.kind != BindingKind::kImport) continue;
    bool top = b.qname == "tensorflow";
    bool v1 = b.qname == "tensorflow.compat.v1";
    if (!top && !v1) continue;
    // The name must denote this very import where the fix inserts it ...
    if (m.Lookup(b.name, at) != &b) continue;
    // ... and, in the scope that runs the spot, be bound before it (a module-level use
    // above the import would be a NameError; a function body runs after the module).
    int fn = m.FunctionScopeAt(at);
    if ((fn < 0 ? 0 : fn) == b.scope && b.byte > at) continue;
    if (top) return b.name + ".compat.v1.";
    if (!via_v1) via_v1 = b.name + ".";
  }
  return via_v1;
}

std::string_view LastComponent(std::string_view path) {
  auto dot = path.rfind('.');
  return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

bool IsSessionClass(std::string_view p) {
  return p == "Session" || p == "InteractiveSession" || p == "train.MonitoredTrainingSession" ||
         p == "train.MonitoredSession" || p == "train.SingularMonitoredSession";
}

bool LooksLikeSession(std::string_view receiver) {
  std::string_view last = LastComponent(receiver);
  auto ends = [&](std::string_view s) { return last.size() >= s.size() && last.substr(last.size() - s.size()) == s; };
  return last == "sess" || last == "session" || ends("_sess") || ends("_session");
}

}  // namespace tfm

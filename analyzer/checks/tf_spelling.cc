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
  const Binding* b = m.TfModuleAt(at, SemanticModel::kTfModule | SemanticModel::kTfCompatV1);
  if (!b) return std::nullopt;
  return b->qname == "tensorflow" ? b->name + ".compat.v1." : b->name + ".";
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

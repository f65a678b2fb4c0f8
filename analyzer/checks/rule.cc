#include "analyzer/checks/rule.h"

#include "analyzer/python/ts_util.h"

namespace tfm {

void PythonContext::Report(TSNode node, std::string message, std::optional<Fix> fix,
                           std::optional<Severity> severity) {
  ReportRange(ts_node_start_byte(node), ts_node_end_byte(node), std::move(message), std::move(fix), severity);
}

void PythonContext::ReportRange(uint32_t begin, uint32_t end, std::string message, std::optional<Fix> fix,
                                std::optional<Severity> severity) {
  if (model_.IsGuarded(begin)) return;
  // Built in place: a Diagnostic is ~300 bytes of strings; moving one costs a copy
  // of every short string's buffer.
  Diagnostic& d = out_->emplace_back();
  d.rule_id.assign(rule_.id);
  d.rule_name.assign(rule_.name);
  d.severity = severity.value_or(rule_.severity);
  d.message = std::move(message);
  d.path = source().path;
  d.begin_byte = begin;
  d.end_byte = end;
  d.start = source().PositionOf(begin);
  d.end = source().PositionOf(end);
  d.fix = std::move(fix);
}

void PythonContext::ReportAtSessionRun(TSNode node, std::string message) {
  size_t before = out_->size();
  Report(node, std::move(message));
  if (out_->size() > before) out_->back().resolved_by_session_conversion = true;
}

void CppContext::Report(uint32_t begin, uint32_t end, std::string message) {
  Diagnostic d;
  d.rule_id = std::string(rule_.id);
  d.rule_name = std::string(rule_.name);
  d.severity = rule_.severity;
  d.message = std::move(message);
  d.path = source_.path;
  d.begin_byte = begin;
  d.end_byte = end;
  d.start = source_.PositionOf(begin);
  d.end = source_.PositionOf(end);
  out_->push_back(std::move(d));
}

std::string Compact(std::string_view s, size_t max) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  return out;
}

Fix ReplaceNode(TSNode node, std::string replacement, std::string title, FixSafety safety) {
  Fix f;
  f.title = std::move(title);
  f.safety = safety;
  f.edits.push_back(Edit{ts_node_start_byte(node), ts_node_end_byte(node), std::move(replacement)});
  return f;
}

std::string DisplayName(const TfRef& ref) {
  switch (ref.tf.ns) {
    case TfNs::kV1: return "tf.compat.v1." + ref.tf.path;
    case TfNs::kV2: return "tf.compat.v2." + ref.tf.path;
    case TfNs::kTop: break;
  }
  if (ref.qname.rfind("keras", 0) == 0) return ref.qname;
  return "tf." + ref.tf.path;
}

std::optional<std::string> CompatV1Spelling(const SemanticModel& m, const TfRef& ref) {
  // Walk to the leftmost identifier of the chain; it must resolve to "tensorflow".
  TSNode n = ref.node;
  while (ts::Is(n, "attribute")) n = ts::Field(n, "object");
  if (!ts::Is(n, "identifier")) return std::nullopt;
  auto q = m.Resolve(n);
  if (!q) return std::nullopt;
  std::string root(m.Text(n));
  if (*q == "tensorflow") return root + ".compat.v1.";
  if (*q == "tensorflow.compat.v1") return root + ".";
  return std::nullopt;
}

}  // namespace tfm

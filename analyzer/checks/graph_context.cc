// GraphContext (declared in rule.h): turns a graph rule's finding into a Diagnostic
// positioned at the node's line in text files, or at the file start in binary files.
#include <fmt/format.h>

#include "analyzer/checks/rule.h"
#include "analyzer/graph/graph_file.h"

namespace tfm {

namespace {

void Place(const graph::GraphFile& f, uint32_t line, uint32_t column, Diagnostic* d) {
  const SourceFile* src = f.text.get();
  if (src && line >= 1 && line <= src->LineCount()) {
    uint32_t l0 = line - 1;
    std::string_view text = src->LineText(l0);
    uint32_t col0 = column ? column - 1 : 0;
    size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) first = 0;
    if (col0 < first || col0 > text.size()) col0 = static_cast<uint32_t>(first);
    d->begin_byte = src->LineStart(l0) + col0;
    size_t last = text.find_last_not_of(" \t\r");
    d->end_byte = src->LineStart(l0) + static_cast<uint32_t>(last == std::string_view::npos ? text.size() : last + 1);
    if (d->end_byte <= d->begin_byte) d->end_byte = d->begin_byte + 1;
    d->start = src->PositionOf(d->begin_byte);
    d->end = src->PositionOf(d->end_byte);
    return;
  }
  // Binary files have no lines: the finding is on the file (line 1, column 1).
  d->start = d->end = Position{1, 1, 0};
}

}  // namespace

void GraphContext::ReportNode(const graph::Graph& g, const graph::Node& node, std::string message,
                              std::optional<Severity> severity) {
  Diagnostic d;
  d.rule_id = std::string(rule_.id);
  d.rule_name = std::string(rule_.name);
  d.severity = severity.value_or(rule_.severity);
  d.message = std::move(message);
  d.path = file_.path;
  d.node_name = g.function.empty() ? node.name : g.function + "/" + node.name;
  d.node_op = node.op;
  d.notes.push_back(fmt::format("node `{}` (op `{}`){}", d.node_name, node.op,
                                g.function.empty() ? "" : " in function `" + g.function + "`"));
  Place(file_, node.line, node.column, &d);
  out_->push_back(std::move(d));
}

void GraphContext::ReportLine(uint32_t line, std::string message, std::optional<Severity> severity) {
  Diagnostic d;
  d.rule_id = std::string(rule_.id);
  d.rule_name = std::string(rule_.name);
  d.severity = severity.value_or(rule_.severity);
  d.message = std::move(message);
  d.path = file_.path;
  Place(file_, line, 0, &d);
  out_->push_back(std::move(d));
}

}  // namespace tfm

#include "analyzer/checks/tfm108_colocate_with.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

constexpr char kTitle[] = "Remove the `colocate_with` wrapper";

// Byte offset of the start of the line holding `byte`.
uint32_t LineStart(std::string_view text, uint32_t byte) {
  while (byte > 0 && text[byte - 1] != '\n') --byte;
  return byte;
}

bool AllSpaces(std::string_view s) { return s.find_first_not_of(' ') == std::string_view::npos; }

bool HasMultilineString(TSNode root) {
  bool found = false;
  ts::Walk<false>(
      root,
      [&](TSNode n, const char*) {
        if (found) return false;
        if (ts::Is(n, "string") || ts::Is(n, "concatenated_string")) {
          if (ts_node_start_point(n).row != ts_node_end_point(n).row) found = true;
          return false;
        }
        return true;
      },
      [](TSNode) {});
  return found;
}

// Removes `with <call>:` whose only item is the colocate call, dedenting the body.
std::optional<Fix> UnwrapWith(const PythonContext& ctx, TSNode with_stmt) {
  std::string_view text = ctx.source().text;
  uint32_t ws = ts_node_start_byte(with_stmt);
  if (ctx.Text(with_stmt).substr(0, 4) != "with") return std::nullopt;  // `async with`
  uint32_t line = LineStart(text, ws);
  std::string_view outer = text.substr(line, ws - line);
  if (!AllSpaces(outer)) return std::nullopt;  // `x = 1; with ...` or a tab
  TSNode body = ts::Field(with_stmt, "body");
  if (ts_node_is_null(body) || HasMultilineString(body)) return std::nullopt;
  uint32_t bs = ts_node_start_byte(body), be = ts_node_end_byte(body);
  // Whatever sits between the header's colon and the body: only comments may be kept.
  TSNode colon{};
  for (auto& [c, f] : ts::ChildrenWithFields(with_stmt))
    if (!ts_node_is_named(c) && ts::Type(c) == ":") colon = c;
  if (ts_node_is_null(colon)) return std::nullopt;
  std::string_view between = text.substr(ts_node_end_byte(colon), bs - ts_node_end_byte(colon));
  std::string header_comments;
  for (size_t pos = 0; pos < between.size();) {
    size_t eol = between.find('\n', pos);
    std::string_view l = between.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
    size_t first = l.find_first_not_of(" \t\r");
    if (first != std::string_view::npos) {
      if (l[first] != '#') return std::nullopt;
      header_comments += std::string(l.substr(first));
      header_comments += "\n";
      header_comments += std::string(outer);
    }
    if (eol == std::string_view::npos) break;
    pos = eol + 1;
  }
  std::string out = header_comments;
  if (ts_node_start_point(body).row == ts_node_start_point(with_stmt).row) {
    // `with tf.colocate_with(v): y = f(v)` — the body is a simple statement on the line.
    out += std::string(text.substr(bs, be - bs));
  } else {
    uint32_t body_line = LineStart(text, bs);
    std::string_view inner = text.substr(body_line, bs - body_line);
    if (!AllSpaces(inner) || inner.size() <= outer.size()) return std::nullopt;
    size_t extra = inner.size() - outer.size();
    // Dedent every line of the body by `extra` spaces (fewer when a continuation or
    // comment line is indented less). The first line starts after its indentation.
    std::string_view region = text.substr(bs, be - bs);
    bool first_line = true;
    for (size_t pos = 0; pos <= region.size();) {
      size_t eol = region.find('\n', pos);
      std::string_view l = region.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
      if (first_line) {
        out += std::string(l);
        first_line = false;
      } else {
        size_t lead = l.find_first_not_of(' ');
        if (lead == std::string_view::npos) lead = l.size();
        if (lead < l.size() && l[lead] == '\t') return std::nullopt;
        size_t cut = std::min(extra, lead > outer.size() ? lead - outer.size() : size_t{0});
        if (lead == l.size()) cut = lead;  // blank line
        out += std::string(l.substr(cut));
      }
      if (eol == std::string_view::npos) break;
      out += "\n";
      pos = eol + 1;
    }
  }
  Fix f;
  f.title = kTitle;
  f.safety = FixSafety::kSafe;
  f.edits.push_back(Edit{ws, be, std::move(out)});
  return f;
}

// Removes one item (and its separating comma) from a `with` clause of several.
std::optional<Fix> RemoveItem(const PythonContext& ctx, TSNode clause, TSNode item) {
  std::vector<TSNode> items;
  for (TSNode c : ts::NamedChildren(clause))
    if (ts::Is(c, "with_item")) items.push_back(c);
  if (items.size() < 2) return std::nullopt;
  size_t i = 0;
  while (i < items.size() && !ts::Same(items[i], item)) ++i;
  if (i == items.size()) return std::nullopt;
  uint32_t b, e;
  if (i + 1 < items.size()) {
    b = ts_node_start_byte(items[i]);
    e = ts_node_start_byte(items[i + 1]);
  } else {
    b = ts_node_end_byte(items[i - 1]);
    e = ts_node_end_byte(items[i]);
  }
  (void)ctx;
  Fix f;
  f.title = kTitle;
  f.safety = FixSafety::kSafe;
  f.edits.push_back(Edit{b, e, ""});
  return f;
}

}  // namespace

const RuleInfo& ColocateWith::info() const {
  static const RuleInfo kInfo{
      .id = "TFM108",
      .name = "colocate-with",
      .severity = Severity::kInfo,
      .fix = FixKind::kSafe,
      .input = RuleInput::kPython,
      .summary = "tf.colocate_with is unnecessary: TF2's placer colocates automatically",
      .trigger = "`tf.colocate_with` — placement no longer needs it",
      .fix_note = "safe (remove the `with` wrapper)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm108() {
  static const ColocateWith kRule;
  return kRule;
}

void ColocateWith::CheckPython(PythonContext& ctx) const {
  for (const TfRef& r : ctx.model().refs()) {
    if (ts_node_is_null(r.call)) continue;
    const std::string& p = r.tf.path;
    if (p != "colocate_with" && p != "Graph().colocate_with" && p != "get_default_graph().colocate_with") continue;
    std::string msg = fmt::format("`{}(...)` pins ops next to another op by hand; TF2's placer colocates "
                                  "automatically, so the wrapper is unnecessary",
                                  ctx.Text(r.node));
    // The call must be a with-item by itself (`with tf.colocate_with(v):`).
    std::optional<Fix> fix;
    TSNode item = ts::Parent(r.call);
    if (ts::Is(item, "with_item") && ts::Same(ts_node_named_child(item, 0), r.call)) {
      TSNode clause = ts::Parent(item);
      TSNode stmt = ts::Parent(clause);
      if (ts::Is(clause, "with_clause") && ts::Is(stmt, "with_statement")) {
        size_t n_items = 0;
        for (TSNode c : ts::NamedChildren(clause))
          if (ts::Is(c, "with_item")) ++n_items;
        // Parenthesized clauses `with (a, b):` keep the rest valid either way.
        fix = n_items == 1 ? UnwrapWith(ctx, stmt) : RemoveItem(ctx, clause, item);
      }
    }
    ctx.Report(r.call, std::move(msg), std::move(fix));
  }
}

}  // namespace tfm

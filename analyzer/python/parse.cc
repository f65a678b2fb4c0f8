#include "analyzer/python/parse.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {

PythonParser::PythonParser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_python()); }
PythonParser::~PythonParser() { ts_parser_delete(parser_); }

TreePtr PythonParser::ParseText(const std::string& text) {
  ts_parser_reset(parser_);
  return TreePtr(ts_parser_parse_string_encoding(parser_, nullptr, text.data(), static_cast<uint32_t>(text.size()),
                                                 TSInputEncodingUTF8));
}

namespace {

// Depth of the tree and the first ERROR / MISSING node, in one iterative pass.
struct TreeFacts {
  uint32_t max_depth = 0;
  uint32_t deep_byte = 0;
  TSNode first_error{};
  bool has_error = false;
};

TreeFacts Inspect(TSNode root) {
  TreeFacts f;
  uint32_t depth = 0;
  ts::Walk(
      root,
      [&](TSNode n, const char*) {
        ++depth;
        if (depth > f.max_depth) {
          f.max_depth = depth;
          f.deep_byte = ts_node_start_byte(n);
        }
        if (!f.has_error && (ts_node_is_missing(n) || ts::Is(n, "ERROR"))) {
          f.has_error = true;
          f.first_error = n;
        }
        if (depth > PythonParser::kMaxDepth) {
          --depth;  // not descended, so no leave() call
          return false;
        }
        return true;
      },
      [&](TSNode) { --depth; });
  return f;
}

}  // namespace

Result<ParsedFile> PythonParser::Parse(SourceFile source) {
  ParsedFile out;
  out.tree = ParseText(source.text);
  if (!out.tree) return InputError{source.path, fmt::format("{}: the parser gave up on this file", source.path)};
  TreeFacts facts = Inspect(ts_tree_root_node(out.tree.get()));
  if (facts.max_depth > kMaxDepth) {
    Position p = source.PositionOf(facts.deep_byte);
    return InputError{source.path, fmt::format("{}:{}: nesting too deep (more than {} levels)", source.path,
                                               source.FormatPosition(p), kMaxDepth)};
  }
  if (facts.has_error) {
    TSNode e = facts.first_error;
    SyntaxError se;
    se.byte = ts_node_start_byte(e);
    if (ts_node_is_missing(e)) {
      se.message = fmt::format("expected `{}`", ts_node_type(e));
    } else {
      std::string_view t = ts::Text(e, source.text);
      size_t nl = t.find('\n');
      if (nl != std::string_view::npos) t = t.substr(0, nl);
      if (t.size() > 40) t = t.substr(0, 40);
      se.message = t.empty() ? "invalid syntax" : fmt::format("invalid syntax near `{}`", t);
    }
    out.syntax_error = std::move(se);
  }
  out.source = std::move(source);
  return out;
}

}  // namespace tfm

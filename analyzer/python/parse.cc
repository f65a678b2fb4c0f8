#include "analyzer/python/parse.h"

#include <fmt/format.h>

#include "analyzer/python/ts_util.h"

namespace tfm {

PythonParser::PythonParser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_python()); }
PythonParser::~PythonParser() { ts_parser_delete(parser_); }

TreePtr PythonParser::ParseText(const std::string& text) {
  ts_parser_reset(parser_);
  TreePtr old = std::move(reuse_);
  TreePtr tree(ts_parser_parse_string_encoding(parser_, old.get(), text.data(), static_cast<uint32_t>(text.size()),
                                               TSInputEncodingUTF8));
  ts::NewTreeEpoch();  // node identities may repeat those of freed trees (see ts_util.h)
  if (keep_last_tree_) last_tree_.reset(tree ? ts_tree_copy(tree.get()) : nullptr);
  return tree;
}

namespace {

// The first ERROR or MISSING node in document order, found by descending only into
// children that contain an error (no full walk).
TSNode FirstError(TSNode root) {
  TSNode n = root;
  for (;;) {
    if (ts_node_is_missing(n) || ts::Is(n, "ERROR")) return n;
    TSNode next{};
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
      do {
        TSNode k = ts_tree_cursor_current_node(&c);
        if (ts_node_has_error(k) || ts_node_is_missing(k)) {
          next = k;
          break;
        }
      } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    if (ts_node_is_null(next)) return n;  // error flag without a visible error node
    n = next;
  }
}

}  // namespace

Result<ParsedFile> PythonParser::Parse(SourceFile source) {
  ParsedFile out;
  out.tree = ParseText(source.text);
  if (!out.tree) return InputError{source.path, fmt::format("{}: the parser gave up on this file", source.path)};
  TSNode root = ts_tree_root_node(out.tree.get());
  if (ts_node_has_error(root)) {
    TSNode e = FirstError(root);
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

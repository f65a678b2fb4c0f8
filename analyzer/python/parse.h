// Python parsing with tree-sitter: a per-thread parser and the parsed file
// (source + tree + where parsing failed).
//
//   tfm::PythonParser parser;                 // one per thread
//   auto parsed = parser.Parse(std::move(src)); // Result<ParsedFile>
//   TSNode root = parsed->Root();
//
// Parsing is error-tolerant: a syntax error leaves ERROR/MISSING nodes and the
// first one is recorded in `syntax_error`; the rest of the tree stays usable.
// Trees deeper than kMaxDepth are refused by the semantic model's walk (which
// measures depth for free); CPython itself rejects far shallower nesting.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <optional>
#include <string>

#include "analyzer/source/source.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm {

struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

struct SyntaxError {
  uint32_t byte = 0;
  std::string message;  // "unexpected `)`" / "missing `:`"
};

struct ParsedFile {
  SourceFile source;
  TreePtr tree;
  std::optional<SyntaxError> syntax_error;
  TSNode Root() const { return ts_tree_root_node(tree.get()); }
};

class PythonParser {
 public:
  static constexpr uint32_t kMaxDepth = 2000;

  PythonParser();
  ~PythonParser();
  PythonParser(const PythonParser&) = delete;
  PythonParser& operator=(const PythonParser&) = delete;

  // Bare parse of a text (used by benchmarks and the rewriter's re-parse check).
  TreePtr ParseText(const std::string& text);
  Result<ParsedFile> Parse(SourceFile source);

  // Incremental re-parse, for the rewriter's fix loop (rewriter/fix_loop.cc). With
  // keep_last_tree on, every parse keeps a copy of its tree (tree-sitter copies
  // share nodes: cheap) for TakeLastTree. The caller applies its edits to that tree
  // with ts_tree_edit and hands it back with ReuseOnNextParse: the next parse then
  // re-reads only the edited regions and shares the unchanged subtrees.
  void set_keep_last_tree(bool on) { keep_last_tree_ = on; }
  TreePtr TakeLastTree() { return std::move(last_tree_); }
  void ReuseOnNextParse(TreePtr edited) { reuse_ = std::move(edited); }

 private:
  TSParser* parser_;
  bool keep_last_tree_ = false;
  TreePtr last_tree_;
  TreePtr reuse_;
};

}  // namespace tfm

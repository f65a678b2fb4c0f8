// Small helpers over the tree-sitter C API used by the Python front end and rules:
// node text, typed child access, and an iterative tree walk (no recursion, so
// deeply nested input cannot exhaust the stack).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "analyzer/python/node_index.h"
#include "analyzer/python/node_kinds.h"

namespace tfm::ts {

// A named node type of the Python grammar, as the symbol ts_node_symbol() gives its
// nodes. Made from the grammar's name at compile time: `ts::Is(node, "call")` turns
// "call" into its symbol through node_kinds.h (generated from the grammar by
// tools/gen_node_kinds.py), and a name the grammar lacks does not compile (the error
// names NodeTypeNotInGrammar). "ERROR" is tree-sitter's error node.
void NodeTypeNotInGrammar();  // never defined: called only where a name is missing
void FieldNotInGrammar();     // likewise, for FieldName
namespace internal {
template <const auto& kTable, void (*kMissing)()>
consteval uint16_t FindName(std::string_view name) {
  for (const grammar::Name& e : kTable)
    if (e.name == name) return e.value;
  kMissing();  // not constexpr: the compile error names it
  return 0;
}
}  // namespace internal
struct NodeKind {
  consteval NodeKind(const char* name)  // NOLINT: implicit, from a literal
      : symbol(internal::FindName<grammar::kNodeKinds, NodeTypeNotInGrammar>(name)) {}
  TSSymbol symbol;
};
// A field name of the Python grammar ("function", "left", ...), checked the same way.
struct FieldName {
  consteval FieldName(const char* name)  // NOLINT: implicit, from a literal
      : id(internal::FindName<grammar::kFields, FieldNotInGrammar>(name)) {}
  TSFieldId id;
};

// Does grammar symbol `sym` (ts_node_symbol, NodeIndex::Symbol) have the node type `kind`?
inline bool SymbolIs(TSSymbol sym, NodeKind kind) { return sym == kind.symbol; }
inline bool Is(TSNode n, NodeKind kind) { return n.id && ts_node_symbol(n) == kind.symbol; }  // id null = null node
inline std::string_view Type(TSNode n) { return ts_node_is_null(n) ? std::string_view() : ts_node_type(n); }
// A node's type for comparing with several names: `auto t = ts::KindOf(n); if (t == "if_statement" ||
// t == "elif_clause")`; each name is checked at compile time like Is()'s. A null node equals none.
struct KindOfNode {
  TSSymbol symbol;
  bool null;
  bool operator==(NodeKind kind) const { return !null && symbol == kind.symbol; }
};
inline KindOfNode KindOf(TSNode n) { return n.id ? KindOfNode{ts_node_symbol(n), false} : KindOfNode{0, true}; }
inline std::string_view Text(TSNode n, std::string_view src) {
  if (!n.id) return {};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  return src.substr(b, e - b);
}
inline TSFieldId FieldId(FieldName name) { return name.id; }

// Child-by-field and parent lookups: from the tree's NodeIndex when it has one,
// else memoized. In tree-sitter both are walks (ts_node_parent descends from the
// root: O(depth * siblings)), and rules ask the same questions of the same nodes many
// times (every rule looks at the callee of every call). Answers are kept in a small per-thread table keyed by node identity.
// A node's identity (its subtree address) can only be reused by a tree created
// later, so the table is invalidated whenever a tree is created: PythonParser
// calls NewTreeEpoch() after every parse. Trees must only be made by PythonParser.
void NewTreeEpoch();
TSNode ChildByFieldIdSlow(TSNode n, TSFieldId id);  // trees without an index
inline TSNode ChildByFieldId(TSNode n, TSFieldId id) {
  if (!n.id) return TSNode{};
  if (const NodeIndex* ix = NodeIndex::For(n.tree)) {
    int i = ix->Find(n);
    if (i >= 0) return ix->FieldChild(i, id);
  }
  return ChildByFieldIdSlow(n, id);
}
TSNode Parent(TSNode n);

inline TSNode Field(TSNode n, FieldName name) {
  if (!n.id) return TSNode{};
  return ChildByFieldId(n, name.id);
}
inline bool Same(TSNode a, TSNode b) { return ts_node_eq(a, b); }
inline bool Contains(TSNode outer, TSNode inner) {
  return ts_node_start_byte(outer) <= ts_node_start_byte(inner) && ts_node_end_byte(inner) <= ts_node_end_byte(outer);
}

// Named children in order, collected with a cursor (ts_node_named_child(i) is O(i)).
std::vector<TSNode> NamedChildren(TSNode n);
// All children (named and anonymous) with their field names (nullptr if none).
struct ChildWithField {
  TSNode node;
  const char* field;
};
std::vector<ChildWithField> ChildrenWithFields(TSNode n);

// Iterative pre/post-order walk. `enter(node, field)` returns false to skip the
// subtree; `leave(node)` runs after the subtree of every entered node. Field names
// cost a lookup per node: with kFields = false, `field` is always nullptr.
// Trees with a NodeIndex (every file a SemanticModel was built for) are walked
// over the index's arrays instead of with a tree-sitter cursor. A null `root` (a field
// the parse did not produce, as `right` of `x: int` or of a broken assignment) has no
// subtree: nothing is visited.
template <bool kFields = true, typename Enter, typename Leave>
void Walk(TSNode root, Enter&& enter, Leave&& leave) {
  if (ts_node_is_null(root)) return;
  if (const NodeIndex* ix = NodeIndex::For(root.tree)) {
    int r = ix->Find(root);
    if (r >= 0) {
      ix->Walk<kFields>(r, enter, leave);
      return;
    }
  }
  if (!enter(root, static_cast<const char*>(nullptr))) return;
  TSTreeCursor c = ts_tree_cursor_new(root);
  size_t depth = 0;
  bool descend = true;
  for (;;) {
    if (descend && ts_tree_cursor_goto_first_child(&c)) {
      ++depth;
      descend = enter(ts_tree_cursor_current_node(&c), (kFields ? ts_tree_cursor_current_field_name(&c) : nullptr));
      continue;
    }
    if (descend) leave(ts_tree_cursor_current_node(&c));  // subtree finished
    for (;;) {
      if (depth == 0) {
        ts_tree_cursor_delete(&c);
        return;
      }
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        descend = enter(ts_tree_cursor_current_node(&c), (kFields ? ts_tree_cursor_current_field_name(&c) : nullptr));
        break;
      }
      ts_tree_cursor_goto_parent(&c);
      --depth;
      leave(ts_tree_cursor_current_node(&c));
    }
  }
}

}  // namespace tfm::ts

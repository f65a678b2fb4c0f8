// NodeIndex: one file's syntax tree flattened into arrays by a single walk, so that
// the questions rules ask over and over (a node's field child, its parent, its named
// children, a walk of a subtree) are answered from memory instead of by tree-sitter's
// navigation functions (`ts_node_child_by_field_id` scans the production's field map
// on every call, and `ts_node_parent` walks down from the root).
//
// The walk reads tree-sitter's subtrees directly, through the library's own private
// headers: the core is built from the same pinned sources (third_party/CMakeLists.txt),
// so the compiler checks every field the walk reads (node_index.cc says how). It
// produces exactly what the public TSTreeCursor walk does, a few times cheaper; the
// cursor walk is kept for comparison (WalkMethod::kCursor).
//
// The SemanticModel builds the index of its file's tree before anything else and
// registers it for the current thread; the helpers in ts_util.h (Field, Parent,
// NamedChildren, ChildrenWithFields, Walk) look a node's tree up in the thread's
// registry and fall back to tree-sitter for trees without an index. Answers are the
// same as tree-sitter's (analyzer/python/node_index_test.cc compares them on every
// node of the fixtures, and the direct walk with the cursor walk). An index must be
// destroyed on the thread that created it, before its tree.
//
//   ts::NodeIndex index(tree);            // registers for this thread
//   int i = index.Find(node);             // preorder position, or -1
//   TSNode callee = index.FieldChild(i, ts::FieldId("function"));
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace tfm::ts {

class NodeIndex {
 public:
  // How the tree is read. kDirect: the subtrees directly (Python trees; other trees
  // take the cursor). kCursor: tree-sitter's public TSTreeCursor (tests compare the two).
  enum class WalkMethod { kDirect, kCursor };

  // Walks the whole tree once (named and anonymous nodes) and registers the index
  // for the calling thread.
  explicit NodeIndex(const TSTree* tree, WalkMethod walk = WalkMethod::kDirect);
  ~NodeIndex();
  NodeIndex(const NodeIndex&) = delete;
  NodeIndex& operator=(const NodeIndex&) = delete;

  const TSTree* tree() const { return tree_; }
  // Same nodes (ids and positions), parents, extents, fields, named-ness and symbols.
  bool SameAs(const NodeIndex& o) const;
  int size() const { return static_cast<int>(nodes_.size()); }

  // Preorder position of a node of this tree, or -1.
  int Find(TSNode n) const {
    if (n.tree != tree_ || !n.id) return -1;
    size_t h = Hash(n.id);
    for (;;) {
      const Slot& s = slots_[h];
      if (s.key == n.id) return s.index;
      if (!s.key) return -1;
      h = (h + 1) & mask_;
    }
  }
  TSNode Node(int i) const { return nodes_[i]; }
  int Parent(int i) const { return parent_[i]; }
  // One past the last node of i's subtree (preorder): the children of i are
  // i + 1, end(i + 1), ... while below End(i).
  int End(int i) const { return end_[i]; }
  TSFieldId FieldOf(int i) const { return field_[i]; }
  bool Named(int i) const { return named_[i]; }
  // ts_node_symbol of node i (read from memory: no call into tree-sitter).
  TSSymbol Symbol(int i) const { return symbol_[i]; }

  // First child of i in field `id` (tree-sitter's ts_node_child_by_field_id).
  TSNode FieldChild(int i, TSFieldId id) const {
    int c = FieldChildAt(i, id);
    return c >= 0 ? nodes_[c] : TSNode{};
  }
  // The same as a position, or -1.
  int FieldChildAt(int i, TSFieldId id) const {
    if (!id) return -1;
    for (int c = i + 1, e = end_[i]; c < e; c = end_[c])
      if (field_[c] == id) return c;
    return -1;
  }

  // The index registered on this thread for a tree, or nullptr. The last answer is
  // checked inline (every field, parent and walk helper asks this first).
  static const NodeIndex* For(const TSTree* tree) {
    const NodeIndex* last = tls_last_;
    if (last && last->tree_ == tree) return last;
    return ForSlow(tree);
  }

  // Iterative pre/post-order walk of the subtree at position r, with the contract of
  // ts::Walk (ts_util.h): `enter(node, field)` false skips the subtree, `leave(node)`
  // runs after the subtree of every entered node, the root's field is nullptr.
  template <bool kFields, typename Enter, typename Leave>
  void Walk(int r, Enter&& enter, Leave&& leave) const {
    WalkPositions(
        r,
        [&](int i) {
          return enter(nodes_[i], kFields && i != r ? FieldName(field_[i]) : static_cast<const char*>(nullptr));
        },
        [&](int i) { leave(nodes_[i]); });
  }
  // The same walk over positions: `enter(i)` false skips i's subtree, `leave(i)`
  // runs after the subtree of every entered position.
  template <typename Enter, typename Leave>
  void WalkPositions(int r, Enter&& enter, Leave&& leave) const {
    if (!enter(r)) return;
    int cur = r;
    int i = r + 1;
    for (;;) {
      while (i >= end_[cur]) {
        leave(cur);
        if (cur == r) return;
        cur = parent_[cur];
      }
      if (enter(i)) {
        cur = i;
        ++i;
      } else {
        i = end_[i];
      }
    }
  }

  static const char* FieldName(TSFieldId id);

 private:
  static const NodeIndex* ForSlow(const TSTree* tree);
  friend struct DirectWalker;
  [[gnu::always_inline]] int32_t Add(TSNode n, int32_t parent, TSFieldId field, bool named, TSSymbol symbol) {
    nodes_.push_back(n);
    parent_.push_back(parent);
    end_.push_back(0);
    field_.push_back(field);
    named_.push_back(named);
    symbol_.push_back(symbol);
    return static_cast<int32_t>(nodes_.size() - 1);
  }
  void WalkWithCursor();
  // The index For() found last on this thread (a trivial thread_local: direct access).
  static inline constinit thread_local const NodeIndex* tls_last_ = nullptr;

  struct Slot {
    const void* key = nullptr;
    int32_t index = -1;
  };
  // Fibonacci hashing: the top bits of the product (node ids are addresses of
  // 8-byte child slots, so consecutive ids differ by 8).
  size_t Hash(const void* p) const {
    uint64_t h = (reinterpret_cast<uintptr_t>(p) >> 3) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> shift_);
  }

  const TSTree* tree_;
  std::vector<TSNode> nodes_;
  std::vector<int32_t> parent_;
  std::vector<int32_t> end_;
  std::vector<TSFieldId> field_;
  std::vector<uint8_t> named_;
  std::vector<TSSymbol> symbol_;
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  int shift_ = 60;
};

}  // namespace tfm::ts

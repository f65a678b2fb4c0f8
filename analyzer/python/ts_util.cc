#include "analyzer/python/ts_util.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <utility>

namespace tfm::ts {

namespace {

std::atomic<uint32_t> g_tree_epoch{1};

// One memo entry: (node identity, query) -> answer, valid for one tree epoch.
struct MemoSlot {
  const void* id = nullptr;
  const TSTree* tree = nullptr;
  uint32_t epoch = 0;
  uint32_t query = 0;  // field id, or kParentQuery
  TSNode result{};
};
constexpr uint32_t kParentQuery = 0x10000;
constexpr size_t kMemoSlots = 16384;  // power of two

inline MemoSlot& SlotFor(TSNode n, uint32_t query) {
  thread_local MemoSlot table[kMemoSlots];
  uintptr_t h = reinterpret_cast<uintptr_t>(n.id);
  h = (h >> 3) * 0x9E3779B97F4A7C15ull + query * 0x85EBCA6Bu;
  return table[(h >> 40) & (kMemoSlots - 1)];
}

template <typename Compute>
inline TSNode Memo(TSNode n, uint32_t query, Compute&& compute) {
  uint32_t epoch = g_tree_epoch.load(std::memory_order_relaxed);
  MemoSlot& s = SlotFor(n, query);
  if (s.id == n.id && s.tree == n.tree && s.query == query && s.epoch == epoch) return s.result;
  TSNode r = compute();
  s.id = n.id;
  s.tree = n.tree;
  s.query = query;
  s.epoch = epoch;
  s.result = r;
  return r;
}

}  // namespace

void NewTreeEpoch() { g_tree_epoch.fetch_add(1, std::memory_order_relaxed); }

TSNode ChildByFieldIdSlow(TSNode n, TSFieldId id) {
  if (!n.id) return TSNode{};
  return Memo(n, id, [&] { return ts_node_child_by_field_id(n, id); });
}

TSNode Parent(TSNode n) {
  if (!n.id) return TSNode{};
  if (const NodeIndex* ix = NodeIndex::For(n.tree)) {
    int i = ix->Find(n);
    if (i >= 0) return ix->Parent(i) >= 0 ? ix->Node(ix->Parent(i)) : TSNode{};
  }
  return Memo(n, kParentQuery, [&] { return ts_node_parent(n); });
}


std::vector<TSNode> NamedChildren(TSNode n) {
  std::vector<TSNode> out;
  if (ts_node_is_null(n)) return out;
  if (const NodeIndex* ix = NodeIndex::For(n.tree)) {
    int i = ix->Find(n);
    if (i >= 0) {
      for (int k = i + 1, e = ix->End(i); k < e; k = ix->End(k))
        if (ix->Named(k)) out.push_back(ix->Node(k));
      return out;
    }
  }
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode k = ts_tree_cursor_current_node(&c);
      if (ts_node_is_named(k)) out.push_back(k);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

std::vector<ChildWithField> ChildrenWithFields(TSNode n) {
  std::vector<ChildWithField> out;
  if (ts_node_is_null(n)) return out;
  if (const NodeIndex* ix = NodeIndex::For(n.tree)) {
    int i = ix->Find(n);
    if (i >= 0) {
      for (int k = i + 1, e = ix->End(i); k < e; k = ix->End(k))
        out.push_back({ix->Node(k), NodeIndex::FieldName(ix->FieldOf(k))});
      return out;
    }
  }
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      out.push_back({ts_tree_cursor_current_node(&c), ts_tree_cursor_current_field_name(&c)});
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

}  // namespace tfm::ts

#include "analyzer/python/ts_util.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <utility>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {

namespace internal {

TSFieldId FieldIdSlow(const char* name) {
  // A small open-addressing table keyed by the literal's address (FieldId checks
  // the home slot inline; this probes on from it and fills an empty slot).
  FieldSlot* table = tls_field_slots;
  size_t h = LiteralSlot(name);
  for (size_t probe = 0; probe < 256; ++probe, h = (h + 1) & 255) {
    if (table[h].key == name) return table[h].id;
    if (!table[h].key) {
      TSFieldId id =
          ts_language_field_id_for_name(tree_sitter_python(), name, static_cast<uint32_t>(std::strlen(name)));
      table[h] = FieldSlot{name, id};
      return id;
    }
  }
  return ts_language_field_id_for_name(tree_sitter_python(), name, static_cast<uint32_t>(std::strlen(name)));
}

}  // namespace internal

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

namespace internal {

bool SymbolIsSlow(TSSymbol sym, const char* type) {
  // Symbols named `type`, as a bitset inline in the slot (the Python grammar has a
  // few hundred symbols; larger ids fall back to a string compare). SymbolIs checks
  // the home slot inline; this probes on from it and fills an empty slot.
  constexpr size_t kWords = SymbolSlot::kWords;
  SymbolSlot* table = tls_symbol_slots;
  if (sym >= kWords * 64) return std::strcmp(ts_language_symbol_name(tree_sitter_python(), sym), type) == 0;
  size_t h = LiteralSlot(type);
  for (size_t probe = 0; probe < 256; ++probe, h = (h + 1) & 255) {
    SymbolSlot& slot = table[h];
    if (slot.key == type) return (slot.bits[sym >> 6] >> (sym & 63)) & 1;
    if (!slot.key) {
      const TSLanguage* lang = tree_sitter_python();
      uint32_t count = std::min<uint32_t>(ts_language_symbol_count(lang), kWords * 64);
      for (TSSymbol s = 0; s < count; ++s)
        if (std::strcmp(ts_language_symbol_name(lang, s), type) == 0) slot.bits[s >> 6] |= uint64_t{1} << (s & 63);
      slot.key = type;
      return (slot.bits[sym >> 6] >> (sym & 63)) & 1;
    }
  }
  return std::strcmp(ts_language_symbol_name(tree_sitter_python(), sym), type) == 0;
}

}  // namespace internal

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

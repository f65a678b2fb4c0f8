#include "analyzer/python/ts_util.h"

#include <utility>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {

TSFieldId FieldId(const char* name) {
  // Keyed by the literal's address first (the common, fast case), by content on a miss.
  // A small open-addressing table keyed by the literal's address.
  struct Slot {
    const char* key = nullptr;
    TSFieldId id = 0;
  };
  thread_local Slot table[256];
  size_t h = (reinterpret_cast<uintptr_t>(name) >> 3) & 255;
  for (size_t probe = 0; probe < 256; ++probe, h = (h + 1) & 255) {
    if (table[h].key == name) return table[h].id;
    if (!table[h].key) {
      TSFieldId id =
          ts_language_field_id_for_name(tree_sitter_python(), name, static_cast<uint32_t>(std::strlen(name)));
      table[h] = Slot{name, id};
      return id;
    }
  }
  return ts_language_field_id_for_name(tree_sitter_python(), name, static_cast<uint32_t>(std::strlen(name)));
}

std::vector<TSNode> NamedChildren(TSNode n) {
  std::vector<TSNode> out;
  if (ts_node_is_null(n)) return out;
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

#include "analyzer/python/ts_util.h"

#include <utility>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {

TSFieldId FieldId(const char* name) {
  // Keyed by the literal's address first (the common, fast case), by content on a miss.
  thread_local std::vector<std::pair<const char*, TSFieldId>> cache;
  for (const auto& [p, id] : cache)
    if (p == name) return id;
  TSFieldId id = ts_language_field_id_for_name(tree_sitter_python(), name, static_cast<uint32_t>(std::strlen(name)));
  if (cache.size() < 256) cache.emplace_back(name, id);
  return id;
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

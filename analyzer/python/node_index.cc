#include "analyzer/python/node_index.h"

#include <algorithm>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {
namespace {

// The indexes alive on this thread (usually one: the model of the file being checked).
struct Registry {
  std::vector<const NodeIndex*> live;
};
thread_local Registry g_registry;

}  // namespace

const char* NodeIndex::FieldName(TSFieldId id) {
  return id ? ts_language_field_name_for_id(tree_sitter_python(), id) : nullptr;
}

const NodeIndex* NodeIndex::ForSlow(const TSTree* tree) {
  for (const NodeIndex* ix : g_registry.live)
    if (ix->tree_ == tree) {
      tls_last_ = ix;
      return ix;
    }
  return nullptr;
}

NodeIndex::NodeIndex(const TSTree* tree) : tree_(tree) {
  TSNode root = ts_tree_root_node(tree);
  size_t guess = ts_node_end_byte(root) / 2 + 64;  // ~0.33 nodes a byte in Python
  nodes_.reserve(guess);
  parent_.reserve(guess);
  end_.reserve(guess);
  field_.reserve(guess);
  named_.reserve(guess);
  symbol_.reserve(guess);
  auto add = [&](TSNode n, int32_t parent, TSFieldId field) {
    nodes_.push_back(n);
    parent_.push_back(parent);
    end_.push_back(0);
    field_.push_back(field);
    named_.push_back(ts_node_is_named(n));
    symbol_.push_back(ts_node_symbol(n));
    return static_cast<int32_t>(nodes_.size() - 1);
  };
  add(root, -1, 0);
  int32_t cur = 0;
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (;;) {
    if (ts_tree_cursor_goto_first_child(&c)) {
      cur = add(ts_tree_cursor_current_node(&c), cur, ts_tree_cursor_current_field_id(&c));
      continue;
    }
    for (;;) {  // cur's subtree is complete
      end_[cur] = static_cast<int32_t>(nodes_.size());
      if (cur == 0) break;
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        cur = add(ts_tree_cursor_current_node(&c), parent_[cur], ts_tree_cursor_current_field_id(&c));
        break;
      }
      ts_tree_cursor_goto_parent(&c);
      cur = parent_[cur];
    }
    if (cur == 0 && end_[0] != 0) break;
  }
  ts_tree_cursor_delete(&c);

  size_t cap = 16;
  shift_ = 60;
  while (cap < nodes_.size() * 2) {
    cap <<= 1;
    --shift_;
  }
  slots_.assign(cap, Slot{});
  mask_ = cap - 1;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    size_t h = Hash(nodes_[i].id);
    while (slots_[h].key) h = (h + 1) & mask_;
    slots_[h] = Slot{nodes_[i].id, static_cast<int32_t>(i)};
  }
  g_registry.live.push_back(this);
}

NodeIndex::~NodeIndex() {
  Registry& r = g_registry;
  if (tls_last_ == this) tls_last_ = nullptr;
  auto it = std::find(r.live.begin(), r.live.end(), this);
  if (it != r.live.end()) r.live.erase(it);
}

}  // namespace tfm::ts

#include "analyzer/python/node_index.h"

#include <algorithm>
#include <cstring>

// tree-sitter's private headers, from the sources the core library is built from
// (third_party/CMakeLists.txt puts them on this file's include path only): the subtree
// representation (subtree.h, length.h) and the full struct TSLanguage with its alias
// and field tables (language.h, which includes the core's parser.h).
#include "language.h"
#include "length.h"
#include "subtree.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {
namespace {

// The indexes alive on this thread (usually one: the model of the file being checked).
struct Registry {
  std::vector<const NodeIndex*> live;
};
thread_local Registry g_registry;

// ---------------------------------------------------------------------------------
// The direct walk.
//
// tree-sitter keeps a tree as "subtrees": an 8-byte union that is either a small leaf
// stored inline or a pointer to heap data, with a node's children stored as an array
// of such unions right before its heap data (subtree.h). Visible nodes are what the API
// shows; hidden ones (rules whose names start with "_") are spliced into their parent,
// and a production's alias sequence can make a hidden child visible under another name.
// A TSNode is {start byte, row, column, alias; address of the child slot; tree}.
//
// The cursor re-creates a child iterator on every sibling step and walks its stack
// again for each field; reading the same memory in one preorder pass is a few times
// cheaper. The walk reproduces what ts_tree_cursor_goto_first_child /
// _goto_next_sibling / _current_node / _current_field_id compute (tree_cursor.c),
// with the library's own inline accessors; the field map is read as a dense table.
// Tests compare it with the cursor walk on every fixture and on generated, deep and
// broken input (node_index_test.cc).

// The first non-inherited field of each (production, structural child index), as
// ts_tree_cursor_current_field_id finds it by scanning the production's field map.
class FieldTable {
 public:
  explicit FieldTable(const TSLanguage* lang) : width_(lang->max_alias_sequence_length + 1u) {
    ids_.assign(static_cast<size_t>(lang->production_id_count) * width_, 0);
    for (uint32_t p = 0; p < lang->production_id_count; ++p) {
      const TSFieldMapEntry *begin, *end;
      ts_language_field_map(lang, p, &begin, &end);
      for (const TSFieldMapEntry* e = end; e != begin;) {  // backwards: the first entry wins
        --e;
        if (!e->inherited && e->child_index < width_) ids_[p * width_ + e->child_index] = e->field_id;
      }
    }
  }
  TSFieldId At(uint16_t production, uint32_t child) const {
    return child < width_ && production * width_ < ids_.size() ? ids_[production * width_ + child] : 0;
  }

 private:
  uint32_t width_;
  std::vector<TSFieldId> ids_;
};

}  // namespace

struct DirectWalker {
  // One node whose children are being listed: a visible node (its own children) or a
  // hidden one spliced into the nearest visible ancestor `owner`.
  struct Frame {
    const Subtree* kids;
    uint32_t count;
    uint32_t next;        // index of the next child to list
    uint32_t structural;  // its structural index (extras do not count)
    const TSSymbol* aliases;
    uint16_t production;
    bool visible;              // the frame's node is `owner` itself
    bool self_extra;           // the frame's node is an extra (hidden frames only)
    uint32_t self_structural;  // the frame's node's structural index in its parent frame
    Length pos;                // start of child `next`
    int32_t owner;
  };

  static Frame ChildrenOf(const TSLanguage* lang, Subtree s, bool visible, bool extra, uint32_t structural,
                          Length pos, int32_t owner) {
    const uint16_t production = ts_subtree_production_id(s);
    return Frame{.kids = ts_subtree_children(s),
                 .count = ts_subtree_child_count(s),
                 .next = 0,
                 .structural = 0,
                 .aliases = ts_language_alias_sequence(lang, production),
                 .production = production,
                 .visible = visible,
                 .self_extra = extra,
                 .self_structural = structural,
                 .pos = pos,
                 .owner = owner};
  }

  static void Run(NodeIndex& ix, const TSTree* tree) {
    const TSLanguage* lang = ts_tree_language(tree);
    // ts_tree_cursor_current_field_id: the field of the child with structural index
    // `si` of the top frame, looking up through hidden ancestors (fields can name a
    // node through hidden wrapper nodes) until the visible owner.
    static const FieldTable table(lang);
    auto field_of = [](const std::vector<Frame>& stack, uint32_t si) -> TSFieldId {
      for (size_t k = stack.size(); k-- > 0;) {
        const Frame& f = stack[k];
        if (TSFieldId id = table.At(f.production, si)) return id;
        if (f.visible || f.self_extra) return 0;
        si = f.self_structural;
      }
      return 0;
    };

    TSNode root = ts_tree_root_node(tree);
    int32_t r = ix.Add(root, -1, 0, ts_node_is_named(root), ts_node_symbol(root));
    const Subtree rs = *static_cast<const Subtree*>(root.id);
    if (ts_subtree_child_count(rs) == 0) {
      ix.end_[r] = r + 1;
      return;
    }
    std::vector<Frame> stack;
    stack.reserve(64);
    stack.push_back(ChildrenOf(lang, rs, true, false, 0, Length{root.context[0], {root.context[1], root.context[2]}}, r));
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next == f.count) {
        if (f.visible) ix.end_[f.owner] = static_cast<int32_t>(ix.nodes_.size());
        stack.pop_back();
        continue;
      }
      // ts_tree_cursor_child_iterator_next
      const Subtree* slot = &f.kids[f.next++];
      const Subtree c = *slot;
      const Length pos = f.pos;
      f.pos = length_add(f.pos, ts_subtree_size(c));
      if (f.next < f.count) f.pos = length_add(f.pos, ts_subtree_padding(f.kids[f.next]));
      const bool extra = ts_subtree_extra(c);
      const uint32_t si = f.structural;
      TSSymbol alias = 0;
      if (!extra) {
        if (f.aliases) alias = f.aliases[si];
        ++f.structural;
      }
      if (ts_subtree_visible(c) || alias) {
        // ts_tree_cursor_current_node, ts_node_symbol, ts_node_is_named
        const TSSymbol sym = ts_language_public_symbol(lang, alias ? alias : ts_subtree_symbol(c));
        const bool named = alias ? ts_language_symbol_metadata(lang, alias).named : ts_subtree_named(c);
        const TSFieldId field = extra ? 0 : field_of(stack, si);
        const TSNode n{{pos.bytes, pos.extent.row, pos.extent.column, alias}, slot, tree};
        const int32_t me = ix.Add(n, f.owner, field, named, sym);
        if (ts_subtree_child_count(c))
          stack.push_back(ChildrenOf(lang, c, true, false, 0, pos, me));
        else
          ix.end_[me] = me + 1;
      } else if (ts_subtree_visible_child_count(c) > 0) {
        const int32_t owner = f.owner;
        stack.push_back(ChildrenOf(lang, c, false, extra, si, pos, owner));  // (f is invalid from here)
      }
    }
  }
};

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

bool NodeIndex::SameAs(const NodeIndex& o) const {
  if (nodes_.size() != o.nodes_.size()) return false;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const TSNode& a = nodes_[i];
    const TSNode& b = o.nodes_[i];
    if (a.id != b.id || a.tree != b.tree || std::memcmp(a.context, b.context, sizeof a.context) != 0) return false;
  }
  return parent_ == o.parent_ && end_ == o.end_ && field_ == o.field_ && named_ == o.named_ &&
         symbol_ == o.symbol_;
}

void NodeIndex::WalkWithCursor() {
  TSNode root = ts_tree_root_node(tree_);
  auto add = [&](TSNode n, int32_t parent, TSFieldId field) {
    return Add(n, parent, field, ts_node_is_named(n), ts_node_symbol(n));
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
}

NodeIndex::NodeIndex(const TSTree* tree, WalkMethod walk) : tree_(tree) {
  TSNode root = ts_tree_root_node(tree);
  size_t guess = ts_node_end_byte(root) / 2 + 64;  // ~0.33 nodes a byte in Python
  nodes_.reserve(guess);
  parent_.reserve(guess);
  end_.reserve(guess);
  field_.reserve(guess);
  named_.reserve(guess);
  symbol_.reserve(guess);
  // (Only Python trees: the walk's field table is built from the grammar's language.)
  if (walk == WalkMethod::kDirect && ts_tree_language(tree) == tree_sitter_python())
    DirectWalker::Run(*this, tree);
  else
    WalkWithCursor();

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

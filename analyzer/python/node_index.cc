#include "analyzer/python/node_index.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <string_view>

#if defined(TFM_TS_0_20_7_LAYOUT)
// The grammar's parser header: the layout of struct TSLanguage (ABI 14), whose tables
// (alias sequences, field maps, symbol metadata) the direct walk reads. The language
// object itself is compiled into this program (tree_sitter_python()). 0.20.7's api.h
// (included first, through node_index.h) does not declare TSStateId, so parser.h's
// fallback typedefs are skipped: declare it here.
typedef uint16_t TSStateId;
#include "tree_sitter/parser.h"
#endif

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm::ts {
namespace {

// The indexes alive on this thread (usually one: the model of the file being checked).
struct Registry {
  std::vector<const NodeIndex*> live;
};
thread_local Registry g_registry;

}  // namespace

#if defined(TFM_TS_0_20_7_LAYOUT)
// ---------------------------------------------------------------------------------
// The direct walk.
//
// libtree-sitter 0.20.7 (Debian bookworm's, pinned by scripts/setup.sh) keeps a tree
// as "subtrees": an 8-byte union that is either a small leaf stored inline (its lowest
// bit set) or a pointer to heap data, with a node's children stored as an array of
// such unions right before its heap data. Visible nodes are what the API shows;
// hidden ones (rules whose names start with "_") are spliced into their parent, and
// a production's alias sequence can make a hidden child visible under another
// name. A TSNode is {start byte, row, column, alias; address of the child slot; tree}.
//
// The cursor walk costs ~470 instructions per node on this library version (it
// re-creates a child iterator and re-derives the alias sequence on every sibling step,
// and the field of a node is looked up through the cursor's stack again); reading
// the same memory in one preorder pass costs a few dozen. The structs below mirror
// the library's private ones (lib/src/length.h, subtree.h) field for field; the walk
// reproduces what ts_tree_cursor_goto_first_child / _goto_next_sibling /
// _current_node / _current_field_id compute. Because that layout is private, the walk
// is compiled only against 0.20.7 (analyzer/CMakeLists.txt checks the version
// pkg-config reports) and, in each process, used only after it produced exactly
// the cursor's index on a sample that exercises hidden nodes, aliases, inherited
// fields, extras and error recovery (SelfCheck below); tests compare the two walks
// on every fixture and on generated code (node_index_test.cc).
namespace ts0207 {

static_assert(std::endian::native == std::endian::little && sizeof(void*) == 8,
              "the mirrored layout is that of little-endian 64-bit builds");

struct Length {
  uint32_t bytes;
  TSPoint extent;
};

struct InlineData {
  bool is_inline : 1;
  bool visible : 1;
  bool named : 1;
  bool extra : 1;
  bool has_changes : 1;
  bool is_missing : 1;
  bool is_keyword : 1;
  uint8_t symbol;
  uint16_t parse_state;
  uint8_t padding_columns;
  uint8_t padding_rows : 4;
  uint8_t lookahead_bytes : 4;
  uint8_t padding_bytes;
  uint8_t size_bytes;
};

struct ExternalScannerState {
  union {
    char* long_data;
    char short_data[24];
  };
  uint32_t length;
};

struct HeapData {
  volatile uint32_t ref_count;
  Length padding;
  Length size;
  uint32_t lookahead_bytes;
  uint32_t error_cost;
  uint16_t child_count;
  TSSymbol symbol;
  TSStateId parse_state;
  bool visible : 1;
  bool named : 1;
  bool extra : 1;
  bool fragile_left : 1;
  bool fragile_right : 1;
  bool has_changes : 1;
  bool has_external_tokens : 1;
  bool has_external_scanner_state_change : 1;
  bool depends_on_column : 1;
  bool is_missing : 1;
  bool is_keyword : 1;
  union {
    struct {
      uint32_t visible_child_count;
      uint32_t named_child_count;
      uint32_t node_count;
      int32_t dynamic_precedence;
      uint16_t repeat_depth;
      uint16_t production_id;
      struct {
        TSSymbol symbol;
        TSStateId parse_state;
      } first_leaf;
    } node;
    ExternalScannerState external_scanner_state;
    int32_t lookahead_char;
  };
};

union Subtree {
  InlineData data;
  const HeapData* ptr;
};

static_assert(sizeof(InlineData) == 8 && sizeof(Subtree) == 8);
static_assert(offsetof(HeapData, child_count) == 36 && offsetof(HeapData, node) == 48);

inline bool Visible(Subtree s) { return s.data.is_inline ? s.data.visible : s.ptr->visible; }
inline bool Named(Subtree s) { return s.data.is_inline ? s.data.named : s.ptr->named; }
inline bool Extra(Subtree s) { return s.data.is_inline ? s.data.extra : s.ptr->extra; }
inline TSSymbol Symbol(Subtree s) { return s.data.is_inline ? s.data.symbol : s.ptr->symbol; }
inline uint32_t ChildCount(Subtree s) { return s.data.is_inline ? 0 : s.ptr->child_count; }
inline const Subtree* Children(Subtree s) {
  return reinterpret_cast<const Subtree*>(s.ptr) - s.ptr->child_count;
}
inline Length Padding(Subtree s) {
  if (s.data.is_inline) return Length{s.data.padding_bytes, {s.data.padding_rows, s.data.padding_columns}};
  return s.ptr->padding;
}
inline Length Size(Subtree s) {
  if (s.data.is_inline) return Length{s.data.size_bytes, {0, s.data.size_bytes}};
  return s.ptr->size;
}
inline Length Add(Length a, Length b) {
  Length r;
  r.bytes = a.bytes + b.bytes;
  r.extent = b.extent.row > 0 ? TSPoint{a.extent.row + b.extent.row, b.extent.column}
                              : TSPoint{a.extent.row, a.extent.column + b.extent.column};
  return r;
}

}  // namespace ts0207

// The first non-inherited field of each (production, structural child index), as
// ts_tree_cursor_current_field_id finds it by scanning the production's entries.
class FieldTable {
 public:
  explicit FieldTable(const TSLanguage* lang) : width_(lang->max_alias_sequence_length + 1u) {
    ids_.assign(static_cast<size_t>(lang->production_id_count) * width_, 0);
    if (lang->field_count == 0) return;
    for (uint32_t p = 0; p < lang->production_id_count; ++p) {
      TSFieldMapSlice slice = lang->field_map_slices[p];
      for (uint32_t k = slice.length; k-- > 0;) {  // backwards: the first entry wins
        const TSFieldMapEntry& e = lang->field_map_entries[slice.index + k];
        if (!e.inherited && e.child_index < width_) ids_[p * width_ + e.child_index] = e.field_id;
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

struct DirectWalker {
  // One node whose children are being listed: a visible node (its own children) or a
  // hidden one spliced into the nearest visible ancestor `owner`.
  struct Frame {
    const ts0207::Subtree* kids;
    uint32_t count;
    uint32_t next;        // index of the next child to list
    uint32_t structural;  // its structural index (extras do not count)
    const TSSymbol* aliases;
    uint16_t production;
    bool visible;           // the frame's node is `owner` itself
    bool self_extra;        // the frame's node is an extra (hidden frames only)
    uint32_t self_structural;  // the frame's node's structural index in its parent frame
    ts0207::Length pos;     // start of child `next`
    int32_t owner;
  };

  static void Run(NodeIndex& ix, const TSTree* tree) {
    using namespace ts0207;
    const TSLanguage* lang = ts_tree_language(tree);
    auto aliases_of = [lang](uint16_t production) -> const TSSymbol* {
      return production ? &lang->alias_sequences[production * lang->max_alias_sequence_length] : nullptr;
    };
    // ts_tree_cursor_current_field_id: the field of the child with structural index
    // `si` of the top frame, looking up through hidden ancestors (fields can name a
    // node through hidden wrapper nodes) until the visible owner. The grammar's field
    // map (a list of entries per production) is read as a dense table.
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
    Subtree rs = *static_cast<const Subtree*>(root.id);
    if (ChildCount(rs) == 0) {
      ix.end_[r] = r + 1;
      return;
    }
    std::vector<Frame> stack;
    stack.reserve(64);
    uint16_t rp = rs.ptr->node.production_id;
    stack.push_back(Frame{Children(rs), ChildCount(rs), 0, 0, aliases_of(rp), rp, true, false, 0,
                          Length{root.context[0], {root.context[1], root.context[2]}}, r});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next == f.count) {
        if (f.visible) ix.end_[f.owner] = static_cast<int32_t>(ix.nodes_.size());
        stack.pop_back();
        continue;
      }
      const Subtree* slot = &f.kids[f.next++];
      const Subtree c = *slot;
      const Length pos = f.pos;
      f.pos = Add(f.pos, Size(c));
      if (f.next < f.count) f.pos = Add(f.pos, Padding(f.kids[f.next]));
      const bool extra = Extra(c);
      const uint32_t si = f.structural;
      TSSymbol alias = 0;
      if (!extra && f.aliases) {
        alias = f.aliases[si];
        ++f.structural;
      }
      const uint32_t kids = ChildCount(c);
      if (Visible(c) || alias) {
        TSSymbol raw = alias ? alias : Symbol(c);
        TSSymbol sym = raw == static_cast<TSSymbol>(-1) ? raw : lang->public_symbol_map[raw];
        bool named = alias ? lang->symbol_metadata[alias].named : Named(c);
        TSFieldId field = extra ? 0 : field_of(stack, si);
        TSNode n{{pos.bytes, pos.extent.row, pos.extent.column, alias}, slot, tree};
        int32_t me = ix.Add(n, f.owner, field, named, sym);
        if (kids) {
          uint16_t p = c.ptr->node.production_id;
          stack.push_back(Frame{Children(c), kids, 0, 0, aliases_of(p), p, true, false, 0, pos, me});
        } else {
          ix.end_[me] = me + 1;
        }
      } else if (kids && c.ptr->node.visible_child_count > 0) {
        uint16_t p = c.ptr->node.production_id;
        int32_t owner = f.owner;
        stack.push_back(Frame{Children(c), kids, 0, 0, aliases_of(p), p, false, extra, si, pos, owner});
      }
    }
  }
};

namespace {

// Python that reaches the grammar's hidden rules, aliases and inherited fields
// (keyword identifiers, print/exec statements, decorators, f-strings, patterns,
// comprehensions, chained comparisons, type parameters), extras (comments, line
// continuations) and error recovery (the unclosed call and stray tokens at the end).
constexpr std::string_view kSelfCheckSource = R"PY(# -*- coding: utf-8 -*-
from __future__ import print_function
import os.path as osp, sys
from . import sibling as sib  # relative
from .. pkg import *
print "old", x ; exec "code" in ns
print >> sys.stderr, "to stderr"
@decorator.attr(arg, *rest, key=value, **kw)
@other
async def f(a, /, b: int = 1, *args: str, c, d=2, **kwargs) -> "T":
    global g; nonlocal_names = [n for n in range(3) if n if not n]
    async with ctx() as (x, y), other as z:
        await something(lambda q, *r, s=1: q + s)
    async for i, j in pairs:
        yield i ** -j
    return {k: v for k, v in d.items()}, {*s}, (g for g in gs), [*a, *b]
class C(Base, metaclass=Meta):
    """doc""" 'implicit' f"concat {x!r:>{width}} {{}} {y=}"
    attr: list[int] = []
    def m(self): return self.attr[1:2, ::3, ...] if self else not self
match command.split():
    case [action, *objs] if action in ("go", 'run'):
        pass
    case {"x": 1, **rest} | Point(x=0, y=0) as p:
        pass
    case -1 | 1.5j | None | True:
        pass
    case _:
        pass
try:
    a = b = c = 1; a += 2; del a[0], b.c
except* (ValueError, TypeError) as e:
    raise RuntimeError("x") from e
else:
    assert x < y <= z != w is not v not in u, "message"
finally:
    x = \
        1 if (print := 2) else exec
while True: break
for match in case: continue
with open("f") as fh, \
     open("g") as gh: pass
type Alias[T] = dict[str, T]
def g[T: int, *Ts, **P](x: T) -> T: ...
value = obj.method(1, 2)(3)[4].attr @ mat
broken = call(1, 2
def after(): return [1, 2,, 3]
)PY";

}  // namespace

// The direct walk must reproduce the cursor's index on the sample; otherwise (a
// library with another layout under the same version number) the cursor is used.
static bool SelfCheck() {
  TSParser* p = ts_parser_new();
  ts_parser_set_language(p, tree_sitter_python());
  TSTree* t = ts_parser_parse_string(p, nullptr, kSelfCheckSource.data(),
                                     static_cast<uint32_t>(kSelfCheckSource.size()));
  bool same = false;
  if (t) {
    NodeIndex cursor(t, NodeIndex::WalkMethod::kCursor);
    NodeIndex direct(t, NodeIndex::WalkMethod::kDirect);
    same = cursor.size() > 500 && direct.SameAs(cursor);
    // (both destroyed here, before the tree)
  }
  if (t) ts_tree_delete(t);
  ts_parser_delete(p);
  return same;
}
#endif  // TFM_TS_0_20_7_LAYOUT

bool NodeIndex::DirectWalkCompiled() {
#if defined(TFM_TS_0_20_7_LAYOUT)
  return true;
#else
  return false;
#endif
}

bool NodeIndex::DirectWalkInUse() {
#if defined(TFM_TS_0_20_7_LAYOUT)
  static const bool ok = SelfCheck();
  return ok;
#else
  return false;
#endif
}

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
#if defined(TFM_TS_0_20_7_LAYOUT)
  // (Only Python trees: the walk's field table is built from the grammar's language.)
  if (ts_tree_language(tree) == tree_sitter_python() &&
      (walk == WalkMethod::kDirect || (walk == WalkMethod::kFastest && DirectWalkInUse())))
    DirectWalker::Run(*this, tree);
  else
    WalkWithCursor();
#else
  (void)walk;
  WalkWithCursor();
#endif

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

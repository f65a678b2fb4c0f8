// NodeIndex answers must be tree-sitter's: for every node of every Python file under
// testdata/ and examples/, every field id, the parent, the children with their field
// names and the walk order are compared with the tree-sitter C API. The direct walk
// over tree-sitter's subtrees (what NodeIndex uses) is also compared with the public
// cursor walk on the same files and on malformed and deeply nested input.
#include "analyzer/python/node_index.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include "analyzer/python/parse.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> PythonFiles() {
  std::vector<std::string> out;
  for (const char* dir : {"testdata", "examples"}) {
    fs::path root = fs::path(TFMIGRATE_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && e.path().extension() == ".py") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Python that reaches the grammar's hidden rules, aliases and inherited fields
// (keyword identifiers, print/exec statements, decorators, f-strings, patterns,
// comprehensions, chained comparisons, type parameters), extras (comments, line
// continuations) and error recovery (the unclosed call and stray tokens at the end).
constexpr std::string_view kGrammarCorners = R"PY(# -*- coding: utf-8 -*-
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

struct TsChild {
  TSNode node;
  TSFieldId field;
};

// Children with field ids straight from a tree-sitter cursor.
std::vector<TsChild> CursorChildren(TSNode n) {
  std::vector<TsChild> out;
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do out.push_back({ts_tree_cursor_current_node(&c), ts_tree_cursor_current_field_id(&c)});
    while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

TEST(NodeIndex, MatchesTreeSitterOnEveryFixtureNode) {
  auto files = PythonFiles();
  ASSERT_GT(files.size(), 50u);
  const TSLanguage* lang = tree_sitter_python();
  const uint32_t field_count = ts_language_field_count(lang);
  PythonParser parser;
  size_t nodes_checked = 0, fields_found = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path);
    auto src = LoadSource(path);
    if (!src) continue;
    auto parsed = parser.Parse(std::move(*src));
    if (!parsed) continue;
    ts::NodeIndex index(parsed->tree.get());
    ASSERT_EQ(ts::NodeIndex::For(parsed->tree.get()), &index);
    // Preorder from a cursor walk of the whole tree must be the index order.
    std::vector<TSNode> order;
    std::vector<TSNode> stack{parsed->Root()};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      order.push_back(n);
      auto kids = CursorChildren(n);
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(it->node);
    }
    ASSERT_EQ(static_cast<int>(order.size()), index.size());
    for (int i = 0; i < index.size(); ++i) {
      TSNode n = order[i];
      ASSERT_TRUE(ts_node_eq(index.Node(i), n));
      // The whole node, not only its identity: position and alias as tree-sitter made them.
      ASSERT_EQ(0, std::memcmp(index.Node(i).context, n.context, sizeof n.context)) << ts_node_type(n);
      ASSERT_EQ(index.Find(n), i);
      ASSERT_EQ(index.Symbol(i), ts_node_symbol(n));
      ASSERT_EQ(index.Named(i), ts_node_is_named(n));
      TSNode parent = ts_node_parent(n);
      if (ts_node_is_null(parent)) {
        ASSERT_EQ(index.Parent(i), -1);
      } else {
        ASSERT_GE(index.Parent(i), 0);
        ASSERT_TRUE(ts_node_eq(index.Node(index.Parent(i)), parent)) << ts_node_type(n);
      }
      for (TSFieldId f = 1; f <= field_count; ++f) {
        TSNode want = ts_node_child_by_field_id(n, f);
        TSNode got = index.FieldChild(i, f);
        ASSERT_EQ(ts_node_is_null(want), ts_node_is_null(got))
            << ts_node_type(n) << " field " << ts_language_field_name_for_id(lang, f);
        if (!ts_node_is_null(want)) {
          ASSERT_TRUE(ts_node_eq(want, got));
          ++fields_found;
        }
      }
      auto kids = CursorChildren(n);
      auto with_fields = ts::ChildrenWithFields(n);
      ASSERT_EQ(kids.size(), with_fields.size());
      for (size_t k = 0; k < kids.size(); ++k) {
        ASSERT_TRUE(ts_node_eq(kids[k].node, with_fields[k].node));
        const char* want = kids[k].field ? ts_language_field_name_for_id(lang, kids[k].field) : nullptr;
        ASSERT_EQ(want, with_fields[k].field);
      }
      ++nodes_checked;
    }
    // A walk over the index (entering named nodes only) visits what a cursor walk
    // does, with the same field names and one leave per entered node.
    std::vector<std::pair<TSNode, const char*>> want;
    size_t want_leaves = 0;
    std::vector<std::pair<TSNode, TSFieldId>> todo{{parsed->Root(), 0}};
    while (!todo.empty()) {
      auto [n, f] = todo.back();
      todo.pop_back();
      want.emplace_back(n, f ? ts_language_field_name_for_id(lang, f) : nullptr);
      if (!ts_node_is_named(n)) continue;
      ++want_leaves;
      auto kids = CursorChildren(n);
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) todo.emplace_back(it->node, it->field);
    }
    std::vector<std::pair<TSNode, const char*>> walked;
    size_t leaves = 0;
    ts::Walk(
        parsed->Root(),
        [&](TSNode n, const char* f) {
          walked.emplace_back(n, f);
          return ts_node_is_named(n);
        },
        [&](TSNode) { ++leaves; });
    ASSERT_EQ(leaves, want_leaves);
    ASSERT_EQ(walked.size(), want.size());
    for (size_t k = 0; k < want.size(); ++k) {
      ASSERT_TRUE(ts_node_eq(walked[k].first, want[k].first));
      ASSERT_EQ(walked[k].second, want[k].second);
    }
  }
  EXPECT_GT(nodes_checked, 10000u);
  EXPECT_GT(fields_found, 1000u);
}

TEST(NodeIndex, UnregistersAndFallsBack) {
  PythonParser parser;
  auto src = SourceFromBytes("x = f(a, b=1)\n", "t.py", SourceKind::kPython);
  ASSERT_TRUE(static_cast<bool>(src));
  auto parsed = parser.Parse(std::move(*src));
  ASSERT_TRUE(static_cast<bool>(parsed));
  TSNode call = ts_node_descendant_for_byte_range(parsed->Root(), 4, 5);
  while (!ts::Is(call, "call")) call = ts_node_parent(call);
  TSNode fn_before = ts::Field(call, "function");
  {
    ts::NodeIndex index(parsed->tree.get());
    EXPECT_TRUE(ts_node_eq(ts::Field(call, "function"), fn_before));
    EXPECT_EQ(ts::NamedChildren(ts::Field(call, "arguments")).size(), 2u);
  }
  EXPECT_EQ(ts::NodeIndex::For(parsed->tree.get()), nullptr);
  EXPECT_TRUE(ts_node_eq(ts::Field(call, "function"), fn_before));
}


TEST(NodeIndex, DirectWalkEqualsCursorWalk) {
  std::vector<std::string> texts, names;
  for (const auto& path : PythonFiles()) {
    auto src = LoadSource(path);
    if (!src) continue;
    texts.push_back(src->text);
    names.push_back(path);
  }
  // Error recovery, missing nodes, deep nesting, an empty file, comments only.
  texts.push_back(std::string(kGrammarCorners));
  texts.push_back("");
  texts.push_back("# only a comment\n");
  texts.push_back("def f(:\n  return [1, 2,, 3\nclass\n  x = = 2\n)))\nprint 'a' 'b'\n");
  texts.push_back(std::string(3000, '(') + "x" + std::string(3000, ')') + "\n");
  texts.push_back(std::string(500, '[') + "\n");
  std::string chain = "y = a";
  for (int i = 0; i < 2000; ++i) chain += i % 2 ? ".b" : "(c)[d]";
  texts.push_back(chain + "\n");
  PythonParser parser;
  size_t nodes = 0;
  for (size_t k = 0; k < texts.size(); ++k) {
    SCOPED_TRACE(k < names.size() ? names[k] : "synthetic input " + std::to_string(k - names.size()));
    auto parsed = parser.ParseText(texts[k]);
    ASSERT_TRUE(parsed);
    ts::NodeIndex cursor(parsed.get(), ts::NodeIndex::WalkMethod::kCursor);
    ts::NodeIndex direct(parsed.get(), ts::NodeIndex::WalkMethod::kDirect);
    ASSERT_TRUE(direct.SameAs(cursor));
    nodes += cursor.size();
    if (k == names.size()) {
      EXPECT_GT(cursor.size(), 500);  // kGrammarCorners
    }
  }
  EXPECT_GT(nodes, 100000u);
}

}  // namespace
}  // namespace tfm

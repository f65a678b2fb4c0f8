// node_kinds.h (generated from the grammar's parser.c by tools/gen_node_kinds.py) must
// describe the grammar this binary links: every named node type and field name with the
// symbol and id tree-sitter gives it, and no named type or field left out; and ts::Is
// must answer as a comparison of ts_node_type would, on every named node of the
// fixtures. (The CTest node_kinds_current checks the header is the generator's output.)
#include "analyzer/python/node_kinds.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "analyzer/python/parse.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace tfm {
namespace {

TEST(NodeKinds, MatchTheLinkedGrammar) {
  const TSLanguage* lang = tree_sitter_python();
  std::set<std::string> names;
  for (const auto& e : ts::grammar::kNodeKinds) {
    SCOPED_TRACE(std::string(e.name));
    EXPECT_TRUE(names.emplace(e.name).second) << "listed twice";
    EXPECT_EQ(ts_language_symbol_name(lang, e.value), e.name);
    EXPECT_EQ(ts_language_symbol_type(lang, e.value), TSSymbolTypeRegular);
    EXPECT_EQ(ts_language_symbol_for_name(lang, e.name.data(), static_cast<uint32_t>(e.name.size()), true), e.value);
  }
  // every named node type of the grammar is listed
  size_t named = 0;
  std::set<std::string> seen;
  for (TSSymbol s = 0; s < ts_language_symbol_count(lang); ++s) {
    if (ts_language_symbol_type(lang, s) != TSSymbolTypeRegular) continue;
    std::string name = ts_language_symbol_name(lang, s);
    if (!seen.insert(name).second) continue;
    ++named;
    EXPECT_TRUE(names.count(name)) << name << " is missing from node_kinds.h";
  }
  EXPECT_EQ(names.size(), named + (seen.count("ERROR") ? 0 : 1));  // + tree-sitter's ERROR
  EXPECT_TRUE(ts::SymbolIs(ts_language_symbol_for_name(lang, "ERROR", 5, true), "ERROR"));

  std::set<std::string> fields;
  for (const auto& f : ts::grammar::kFields) {
    fields.emplace(f.name);
    EXPECT_EQ(ts_language_field_name_for_id(lang, f.value), f.name);
  }
  EXPECT_EQ(fields.size(), ts_language_field_count(lang));
}

TEST(NodeKinds, IsAnswersAsTheTypeName) {
  PythonParser parser;
  size_t checked = 0;
  for (const char* dir : {"testdata/rules", "examples"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::filesystem::path(TFMIGRATE_SOURCE_DIR) / dir)) {
      if (!e.is_regular_file() || e.path().extension() != ".py") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      auto src = SourceFromBytes(ss.str(), e.path().string(), SourceKind::kPython);
      ASSERT_TRUE(static_cast<bool>(src));
      auto parsed = parser.Parse(std::move(*src));
      ASSERT_TRUE(static_cast<bool>(parsed));
      ts::Walk<false>(
          parsed->Root(),
          [&](TSNode n, const char*) {
            if (!ts_node_is_named(n)) return true;
            for (const auto& k : ts::grammar::kNodeKinds)
              EXPECT_EQ(ts_node_symbol(n) == k.value, ts_node_type(n) == k.name) << ts_node_type(n) << " " << k.name;
            EXPECT_EQ(ts::Is(n, "call"), std::strcmp(ts_node_type(n), "call") == 0);
            ++checked;
            return true;
          },
          [](TSNode) {});
    }
  }
  EXPECT_GT(checked, 1000u);
}

}  // namespace
}  // namespace tfm

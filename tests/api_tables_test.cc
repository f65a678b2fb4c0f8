// The API tables embedded in the binary (rules/api_*.tsv from tools/gen_api_tables.py)
// and their lookups.
#include <gtest/gtest.h>

#include "analyzer/checks/api_tables.h"

namespace tfm {
namespace {

TEST(ApiTables, EmbeddedTablesHoldKnownFacts) {
  const ApiTables& t = ApiTables::Get();
  EXPECT_GT(t.v1_only_size(), 400u);
  EXPECT_GT(t.renames_size(), 150u);
  EXPECT_GT(t.removed_size(), 50u);
  EXPECT_GT(t.args_size(), 100u);
  EXPECT_EQ(t.V1OnlyPrefix("Session"), "Session");
  EXPECT_EQ(t.V1OnlyPrefix("GraphKeys.TRAINABLE_VARIABLES"), "GraphKeys");
  EXPECT_EQ(t.V1OnlyPrefix("train.AdamOptimizer"), "train.AdamOptimizer");
  EXPECT_EQ(t.V1OnlyPrefix("matmul"), "");
  std::string m;
  const RenameEntry* r = t.FindRename("log", &m);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->target, "math.log");
  EXPECT_EQ(r->safety, FixSafety::kSafe);
  r = t.FindRename("to_float", &m);
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(r->call_change);
  EXPECT_EQ(r->safety, FixSafety::kUnsafe);
  EXPECT_EQ(t.FindRename("math.log", &m), nullptr);
  const std::vector<ArgChange>* a = t.FindArgs("reduce_sum");
  ASSERT_NE(a, nullptr);
  bool keep_dims = false;
  for (const ArgChange& c : *a) keep_dims |= c.kind == ArgChange::kKwRename && c.detail == "keep_dims";
  EXPECT_TRUE(keep_dims);
}

TEST(ApiTables, RemovedPrefixAndExactEntries) {
  ApiTables t = ApiTables::Parse("# header\ncontrib.\tgeneric\tremoved\tnone\n"
                                 "contrib.layers.flatten\tkeras Flatten\tremoved\tnone\n"
                                 "contrib.slim.\tslim\tremoved\tnone\n",
                                 "", "", "");
  std::string m;
  const RemovedEntry* e = t.FindRemoved("contrib.layers.flatten", &m);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->replacement, "keras Flatten");
  EXPECT_EQ(m, "contrib.layers.flatten");
  e = t.FindRemoved("contrib.slim.fully_connected", &m);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->replacement, "slim");
  e = t.FindRemoved("contrib.slim", &m);  // the module itself (an import)
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->replacement, "slim");
  e = t.FindRemoved("contrib.rnn.LSTMCell", &m);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->replacement, "generic");
  EXPECT_EQ(t.FindRemoved("contribution", &m), nullptr);
  EXPECT_EQ(t.FindRemoved("nn.relu", &m), nullptr);
}

}  // namespace
}  // namespace tfm

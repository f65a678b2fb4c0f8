// TFM707 at scale: thousands of per-step Assign nodes are one finding with the right
// size and pattern; an unrolled RNN (a chain of identical MatMuls sharing one weight)
// is not growth.
#include <gtest/gtest.h>

#include "analyzer/checks/registry.h"
#include "analyzer/graph/graph_file.h"

namespace tfm {
namespace {

std::vector<Diagnostic> RunRule(const std::string& text, const char* id) {
  auto f = graph::ParseGraphBytes(text, "g.pbtxt");
  EXPECT_TRUE(f) << f.error().message;
  std::vector<Diagnostic> out;
  if (!f) return out;
  const Rule* r = FindRule(id);
  GraphContext ctx(*f, r->info(), &out);
  r->CheckGraph(ctx);
  return out;
}

std::string Var(const std::string& name) {
  return "node { name: \"" + name + "\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
         " attr { key: \"shape\" value { shape { dim { size: 2 } } } } }\n";
}

TEST(GraphGrowth, ThousandsOfAssigns) {
  std::string g = Var("target") + Var("source");
  for (int i = 0; i < 3000; ++i)
    g += "node { name: \"" + std::string(i ? "Assign_" + std::to_string(i) : "Assign") +
         "\" op: \"Assign\" input: \"target\" input: \"source\" attr { key: \"T\" value { type: DT_FLOAT } } }\n";
  auto d = RunRule(g, "TFM707");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("3000 structurally identical `Assign` nodes named `Assign_N` (`Assign`, `Assign_1`, ..., "
                              "`Assign_2999`)"),
            std::string::npos)
      << d[0].message;
  EXPECT_EQ(d[0].node_name, "Assign");
  EXPECT_EQ(d[0].start.line, 3u);
}

TEST(GraphGrowth, UnrolledRnnIsNotGrowth) {
  std::string g = Var("W") +
                  "node { name: \"h\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_FLOAT } } }\n";
  std::string prev = "h";
  for (int i = 0; i < 40; ++i) {
    std::string name = i ? "MatMul_" + std::to_string(i) : "MatMul";
    g += "node { name: \"" + name + "\" op: \"MatMul\" input: \"" + prev +
         "\" input: \"W\" attr { key: \"T\" value { type: DT_FLOAT } } }\n";
    prev = name;
  }
  EXPECT_TRUE(RunRule(g, "TFM707").empty());
  // Nine independent copies are below the threshold.
  std::string small = Var("target") + Var("source");
  for (int i = 0; i < 9; ++i)
    small += "node { name: \"Assign_" + std::to_string(i + 1) +
             "\" op: \"Assign\" input: \"target\" input: \"source\" attr { key: \"T\" value { type: DT_FLOAT } } }\n";
  EXPECT_TRUE(RunRule(small, "TFM707").empty());
  // Different attrs are different structures: two families of 8, both below the threshold.
  std::string mixed = Var("target") + Var("source");
  for (int i = 0; i < 16; ++i)
    mixed += "node { name: \"Assign_" + std::to_string(i + 1) +
             "\" op: \"Assign\" input: \"target\" input: \"source\" attr { key: \"use_locking\" value { b: " +
             (i % 2 ? "true" : "false") + " } } }\n";
  EXPECT_TRUE(RunRule(mixed, "TFM707").empty());
}

}  // namespace
}  // namespace tfm

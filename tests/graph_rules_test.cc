// Edge cases of graph rules beyond their fixtures.
#include <gtest/gtest.h>

#include "analyzer/checks/registry.h"
#include "analyzer/graph/graph_file.h"

namespace tfm {
namespace {

std::vector<Diagnostic> RunGraphRule(const std::string& text, const char* id) {
  auto f = graph::ParseGraphBytes(text, "m.pbtxt");
  EXPECT_TRUE(f) << f.error().message;
  std::vector<Diagnostic> out;
  if (!f) return out;
  const Rule* r = FindRule(id);
  GraphContext ctx(*f, r->info(), &out);
  r->CheckGraph(ctx);
  return out;
}

const char* kPlaceholder =
    "  graph_def { node { name: \"x\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_FLOAT } } } }\n";

TEST(GraphRuleCases, InitOpSignatureIsNotAnInterface) {
  std::string init_only = std::string("meta_info_def { tags: \"serve\" }\n") + kPlaceholder +
                          "signature_def { key: \"__saved_model_init_op\" value { outputs { key: \"o\" value { name: "
                          "\"NoOp\" } } } }\n";
  auto d = RunGraphRule(init_only, "TFM705");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("feed placeholder `x`"), std::string::npos) << d[0].message;
  std::string served = std::string("meta_info_def { tags: \"serve\" }\n") + kPlaceholder +
                       "signature_def { key: \"serving_default\" value { inputs { key: \"x\" value { name: \"x:0\" } "
                       "} } }\n";
  EXPECT_TRUE(RunGraphRule(served, "TFM705").empty());
}

TEST(GraphRuleCases, RefWriteThroughIdentityFindsVariable) {
  std::string g =
      "node { name: \"v\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
      " attr { key: \"shape\" value { shape { } } } }\n"
      "node { name: \"r\" op: \"RefIdentity\" input: \"v\" }\n"
      "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
      " attr { key: \"value\" value { tensor { dtype: DT_FLOAT float_val: 1 } } } }\n"
      "node { name: \"add\" op: \"AssignAdd\" input: \"r\" input: \"c\" }\n"
      "node { name: \"sc\" op: \"ScatterUpdate\" input: \"c\" input: \"c\" input: \"c\" }\n";
  auto d = RunGraphRule(g, "TFM702");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_NE(d[0].message.find("`v` is a ref variable (VariableV2), written in place by 1 ref op (`add`)"),
            std::string::npos)
      << d[0].message;
  EXPECT_NE(d[1].message.find("`sc` (ScatterUpdate) writes a ref tensor in place"), std::string::npos) << d[1].message;
}

TEST(GraphRuleCases, FunctionCallsAreNotRemovedOps) {
  std::string g =
      "node { name: \"call\" op: \"my_fn\" }\n"
      "node { name: \"gone\" op: \"SkipGram\" }\n"
      "library { function { signature { name: \"my_fn\" } node_def { name: \"t\" op: \"TryRpc\" } } }\n";
  auto d = RunGraphRule(g, "TFM706");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_NE(d[0].message.find("op `SkipGram`"), std::string::npos) << d[0].message;
  EXPECT_NE(d[1].message.find("op `TryRpc` (`t` in function `my_fn`)"), std::string::npos) << d[1].message;
  EXPECT_EQ(d[1].node_name, "my_fn/t");
}

}  // namespace
}  // namespace tfm

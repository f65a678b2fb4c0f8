// Graph files through the `tfmigrate check` CLI: every report format carries the
// node, directory walks pick up graph files (and skip .pbtxt files that are not
// graphs), SavedModel directories are accepted, and --graph-summary prints facts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;

const char* kRemoved = "testdata/graphs/removed_op.pbtxt";

TEST(GraphCheckCli, TextNamesNodeWithCodeFrame) {
  RunResult r = RunTfmigrate({"check", "--isolated", "--no-color", kRemoved});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // TFM706 is an error
  EXPECT_NE(r.out.find("testdata/graphs/removed_op.pbtxt:29:1: TFM706 op `Rpc` (`rpc`)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: node `rpc` (op `Rpc`)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("29 | node {"), std::string::npos) << r.out;
}

TEST(GraphCheckCli, JsonCarriesNode) {
  RunResult r = RunTfmigrate({"check", "--isolated", "--format", "json", kRemoved});
  auto j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& d : j)
    if (d["code"] == "TFM706") {
      found = true;
      EXPECT_EQ(d["node"]["name"], "rpc");
      EXPECT_EQ(d["node"]["op"], "Rpc");
      EXPECT_EQ(d["location"]["row"], 29);
    }
  EXPECT_TRUE(found) << r.out;
}

TEST(GraphCheckCli, SarifHasLogicalLocation) {
  RunResult r = RunTfmigrate({"check", "--isolated", "--format", "sarif", kRemoved});
  auto j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& res : j["runs"][0]["results"])
    if (res["ruleId"] == "TFM706") {
      found = true;
      const auto& loc = res["locations"][0];
      EXPECT_EQ(loc["physicalLocation"]["region"]["startLine"], 29);
      EXPECT_EQ(loc["logicalLocations"][0]["name"], "rpc");
      EXPECT_EQ(loc["logicalLocations"][0]["properties"]["op"], "Rpc");
    }
  EXPECT_TRUE(found) << r.out;
}

TEST(GraphCheckCli, GithubAnnotations) {
  RunResult r = RunTfmigrate({"check", "--isolated", "--format", "github", kRemoved});
  EXPECT_NE(r.out.find("::error file=testdata/graphs/removed_op.pbtxt,line=29,col=1"), std::string::npos) << r.out;
  // Binary files have no lines: the annotation is on line 1 and the message names the node.
  RunResult b = RunTfmigrate({"check", "--isolated", "--format", "github", "testdata/graphs/dense.pb"});
  EXPECT_NE(b.out.find("::warning file=testdata/graphs/dense.pb,line=1,col=1"), std::string::npos) << b.out;
  EXPECT_NE(b.out.find("`hidden/kernel` is a ref variable"), std::string::npos) << b.out;
}

TEST(GraphCheckCli, DirectoryWalkAndSavedModelDir) {
  auto tmp = fs::temp_directory_path() / ("tfm_graph_cli_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "models");
  fs::copy(SourceDir() / "testdata/graphs/saved_model_v1_nosig", tmp / "models" / "export",
           fs::copy_options::recursive);
  WriteFile(tmp / "label_map.pbtxt", "item {\n  id: 1\n  name: \"cat\"\n}\n");  // not a graph: skipped
  WriteFile(tmp / "train.py", "x = 1\n");
  RunResult r = RunTfmigrate({"check", "--isolated", "--no-source", "--format", "concise", tmp.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;  // warnings only
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("models/export/saved_model.pb:1:1: TFM705"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("label_map"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fingerprint"), std::string::npos) << r.out;
  // The SavedModel directory itself as the path.
  RunResult d = RunTfmigrate({"check", "--isolated", "--no-source", (tmp / "models" / "export").string()});
  EXPECT_NE(d.out.find("saved_model.pb:1:1: TFM702 `w` is a ref variable"), std::string::npos) << d.out;
  // The same non-graph .pbtxt named explicitly is an input error.
  RunResult e = RunTfmigrate({"check", "--isolated", (tmp / "label_map.pbtxt").string()});
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_NE(e.err.find("first field `item`"), std::string::npos) << e.err;
  fs::remove_all(tmp);
}

TEST(GraphCheckCli, GraphSummary) {
  RunResult r = RunTfmigrate({"check", "--graph-summary", "testdata/graphs/variables.meta"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("MetaGraphDef (binary format)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("variables: 2 (1 ref, 1 resource)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("w_ref (ref, VariableV2 float [2, 1])"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trainable_variables (bytes_list, 2)"), std::string::npos) << r.out;
  RunResult w = RunTfmigrate({"check", "--graph-summary", "testdata/graphs/while_cond.pbtxt"});
  EXPECT_NE(w.out.find("v1 control-flow frames: 1"), std::string::npos) << w.out;
  EXPECT_NE(w.out.find("loop/while_context"), std::string::npos) << w.out;
  RunResult s = RunTfmigrate({"check", "--graph-summary", "testdata/graphs/tf2_function"});
  EXPECT_NE(s.out.find("serving_default (tensorflow/serving/predict)"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("input  x -> serving_default_x:0"), std::string::npos) << s.out;
  RunResult js = RunTfmigrate({"check", "--graph-summary", "testdata/graphs/variables.meta", "--format", "json"});
  auto j = nlohmann::json::parse(js.out);
  EXPECT_EQ(j["kind"], "MetaGraphDef");
  EXPECT_EQ(j["meta_graphs"][0]["variables"].size(), 2u);
  EXPECT_EQ(j["meta_graphs"][0]["variables"][1]["kind"], "resource");
  EXPECT_EQ(j["meta_graphs"][0]["collections"].size(), 5u);
  RunResult bad = RunTfmigrate({"check", "--graph-summary", "testdata/rules/TFM201/input.py"});
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace tfm

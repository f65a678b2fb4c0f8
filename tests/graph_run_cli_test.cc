// `tfmigrate run GRAPH` through the CLI: output format, trace file, exit codes, and the
// one-line errors for bad feeds, unknown names, missing feeds and unsupported ops.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/test_support.h"

namespace tfm {
namespace {

using namespace testing_support;

const char* kVars = "testdata/graphs/variables.meta";

int Lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST(GraphRunCli, PrintsFetchesWithoutMode) {
  RunResult r = RunTfmigrate({"run", kVars, "--feed", "x=[[1, 2], [3, 4]]", "--fetch", "pred", "--fetch", "MatMul:0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // w_ref = w_res = ones([2, 1]): pred = 2 * x @ ones.
  EXPECT_EQ(r.out, "pred:0 = float32[2,1] [[6], [14]]\nMatMul:0 = float32[2,1] [[3], [7]]\n");
  EXPECT_NE(r.err.find("note: initialized 2 variables by running their initializers (w_ref, w_res)"), std::string::npos)
      << r.err;
}

TEST(GraphRunCli, SavedModelDirectoryAndNpyFeed) {
  TempDir d;
  // A float64 .npy (what numpy writes by default) feeds the float32 placeholder.
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  std::string npy = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header;
  double v[2] = {0.5, 4};
  npy += std::string(reinterpret_cast<const char*>(v), sizeof v);
  auto p = d.Write("x.npy", npy);
  RunResult r = RunTfmigrate({"run", "testdata/graphs/saved_model_v1", "--feed", "x=@" + p.string(), "--fetch", "y"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "y:0 = float32[1,1] [[4.5]]\n");
}

TEST(GraphRunCli, TraceHasFetchRecord) {
  TempDir d;
  std::string trace = (d / "t.jsonl").string();
  RunResult r = RunTfmigrate({"run", kVars, "--feed", "x=[[1, 2]]", "--fetch", "pred", "--trace", trace});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(ReadFile(trace));
  std::vector<nlohmann::json> recs;
  for (std::string line; std::getline(in, line);) recs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[0]["kind"], "start");
  EXPECT_EQ(recs[0]["mode"], "graph");
  EXPECT_EQ(recs[1]["kind"], "fetch");
  EXPECT_EQ(recs[1]["call"], 1);
  EXPECT_EQ(recs[1]["values"][0], nlohmann::json::parse(R"({"dtype":"float32","shape":[1,1],"values":[6.0]})"));
  EXPECT_FALSE(recs[1]["ops_run"].empty());
  EXPECT_EQ(recs[2]["kind"], "end");
  EXPECT_EQ(recs[2]["status"], "ok");
}

struct BadCase {
  std::vector<std::string> args;
  int code;
  std::string needle;
};

TEST(GraphRunCli, OneLineErrors) {
  std::vector<BadCase> cases = {
      {{"run", kVars, "--fetch", "pred"}, 2, "missing --feed for placeholder 'x' (float32[?,2])"},
      {{"run", kVars, "--feed", "x=[[1,2]]", "--fetch", "nope"}, 2, "--fetch 'nope': the graph has no node named 'nope'"},
      {{"run", kVars, "--feed", "nope=1", "--fetch", "pred"}, 2, "--feed 'nope'"},
      {{"run", kVars, "--feed", "x=[[1,2],[3]]", "--fetch", "pred"}, 2, "ragged"},
      {{"run", kVars, "--feed", "x=[[1,2,3]]", "--fetch", "pred"}, 2, "cannot feed a value of shape [1,3] for tensor x:0, which has shape [?,2]"},
      {{"run", kVars, "--feed", "x=hello", "--fetch", "pred"}, 2, "not a number"},
      {{"run", kVars, "--feed", "x", "--fetch", "pred"}, 2, "expected NAME=VALUE"},
      {{"run", kVars, "--feed", "x=@/nonexistent.npy", "--fetch", "pred"}, 2, "cannot open"},
      {{"run", kVars, "--feed", "x=[[1,2]]"}, 2, "give at least one --fetch"},
      {{"run", kVars, "--feed", "x=[[1,2]]", "--fetch", "pred:3"}, 2, "has 1 output"},
      {{"run", kVars, "--feed", "x=[[1,2]]", "--fetch", "train"}, 3, "ApplyGradientDescent"},
      {{"run", "testdata/graphs/queue_pipeline.pbtxt", "--fetch", "batch"}, 3, "QueueDequeueManyV2 (1 node: 'batch')"},
      {{"run", "testdata/graphs/tf2_function", "--feed", "saver_filename=a", "--fetch", "StatefulPartitionedCall_1"},
       3, "SaveV2"},
      {{"run", "testdata/graphs/removed_op.pbtxt", "--feed", "address=a", "--fetch", "rpc"}, 3, "op type Rpc (1 node: 'rpc')"},
      {{"run", kVars, "--backend", "tensorflow", "--fetch", "pred"}, 2, "bundled runtime only"},
  };
  for (const auto& c : cases) {
    RunResult r = RunTfmigrate(c.args);
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    EXPECT_EQ(r.exit_code, c.code) << shown << "\n" << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << shown << "\n" << r.err;
    EXPECT_EQ(Lines(r.err), 1) << shown << "\n" << r.err;
    EXPECT_EQ(r.out, "") << shown;
  }
}

// Malformed nodes (testdata/graphs_malformed: wrong input count, missing or mistyped
// attrs, attrs under their minimum, wrong input types, bad input references): exit 2 with
// one line naming the node, as TensorFlow's import_graph_def refuses them; no abort
// (AddV2 with one input ended with exit 134, std::length_error, before the op signatures).
TEST(GraphRunCli, MalformedNodesAreOneLineErrors) {
  namespace fs = std::filesystem;
  int cases = 0;
  for (const auto& e : fs::directory_iterator(SourceDir() / "testdata" / "graphs_malformed")) {
    if (e.path().extension() != ".pbtxt") continue;
    ++cases;
    std::string rel = "testdata/graphs_malformed/" + e.path().filename().string();
    RunResult r = RunTfmigrate({"run", rel, "--feed", "x=[1.0]", "--fetch", "y"});
    EXPECT_EQ(r.exit_code, 2) << rel << "\n" << r.err;
    EXPECT_EQ(Lines(r.err), 1) << rel << "\n" << r.err;
    EXPECT_TRUE(r.err.find("'y'") != std::string::npos || r.err.find("`y`") != std::string::npos) << rel << "\n" << r.err;
    EXPECT_EQ(r.err.find("terminate"), std::string::npos) << rel << "\n" << r.err;
    EXPECT_EQ(r.out, "") << rel;
  }
  EXPECT_GE(cases, 10);
}

// An output too large to allocate (a random op asked for 10^18 elements; graph_run_fuzzer
// found it as an abort): ResourceExhausted, exit 1, one line, as a kernel error.
TEST(GraphRunCli, HugeOutputIsResourceExhaustedNotAnAbort) {
  RunResult r = RunTfmigrate({"run", "testdata/graphs_runtime/huge_random_shape.pbtxt", "--fetch", "y"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("OOM when allocating"), std::string::npos) << r.err;
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.find("terminate"), std::string::npos) << r.err;
}

TEST(GraphRunCli, KernelErrorIsExitOne) {
  // Fed intermediates (stand-ins of unknown shape) pass the static checks; BiasAdd then
  // fails at run time: exit 1, the message names the node.
  RunResult r = RunTfmigrate({"run", "testdata/graphs/dense.pbtxt", "--feed", "x=[[1,2,3,4]]", "--feed",
                              "hidden/kernel/read=[[1],[2],[3],[4]]", "--feed", "hidden/bias/read=[0, 1]", "--fetch",
                              "hidden/Relu"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("Must provide as many biases"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[node hidden/BiasAdd]"), std::string::npos) << r.err;
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  // A fed variable has its declared shape: a wrong shape is refused before running.
  RunResult s = RunTfmigrate({"run", "testdata/graphs/dense.pbtxt", "--feed", "x=[[1,2,3,4]]", "--feed",
                              "hidden/kernel=[[1],[2],[3],[4]]", "--fetch", "hidden/MatMul"});
  EXPECT_EQ(s.exit_code, 2) << s.err;
  EXPECT_NE(s.err.find("which has shape [4,8]"), std::string::npos) << s.err;
}

TEST(GraphRunCli, V1CondRunsAndTheUntakenBranchHasNoValue) {
  const char* g = "testdata/graphs/while_cond.pbtxt";
  RunResult r = RunTfmigrate({"run", g, "--feed", "loop/Exit_1=8", "--feed", "pred=true", "--fetch", "branch/Merge",
                              "--fetch", "branch/Merge:1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "branch/Merge:0 = float32[] 9\nbranch/Merge:1 = int32[] 1\n");
  RunResult d = RunTfmigrate({"run", g, "--feed", "loop/Exit_1=8", "--feed", "pred=false", "--fetch", "branch/add"});
  EXPECT_EQ(d.exit_code, 1) << d.err;
  EXPECT_NE(d.err.find("branch/add:0 has no value: it is on the branch of a v1 tf.cond that was not taken"),
            std::string::npos)
      << d.err;
  RunResult p = RunTfmigrate({"run", g, "--feed", "loop/Exit_1=8", "--feed", "pred=1", "--fetch", "branch/Merge"});
  EXPECT_EQ(p.exit_code, 2) << p.err;
  EXPECT_NE(p.err.find("--feed pred (bool): expected true/false"), std::string::npos) << p.err;
}

TEST(GraphRunCli, OpFetchesAndNoInit) {
  const char* sm = "testdata/graphs/saved_model_v1";
  RunResult r = RunTfmigrate({"run", sm, "--fetch", "init", "--fetch", "w", "--feed", "x=[[1,1]]", "--fetch", "y"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "init = (op)\nw:0 = float32[2,1] [[1], [1]]\ny:0 = float32[1,1] [[2]]\n");
  RunResult n = RunTfmigrate({"run", sm, "--no-init", "--fetch", "w/read"});
  EXPECT_EQ(n.exit_code, 1) << n.err;
  EXPECT_NE(n.err.find("Attempting to use uninitialized value w [node w/read] (without --no-init"), std::string::npos)
      << n.err;
  EXPECT_EQ(Lines(n.err), 1) << n.err;
}

TEST(GraphRunCli, ScriptsStillNeedMode) {
  TempDir d;
  auto p = d.Write("s.py", "print(1)\n");
  RunResult r = RunTfmigrate({"run", p.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--mode tf1|tf2 is required"), std::string::npos) << r.err;
  RunResult f = RunTfmigrate({"run", "--mode", "tf1", p.string(), "--fetch", "y"});
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_NE(f.err.find("apply to graph files"), std::string::npos) << f.err;
}

}  // namespace
// `tfmigrate diff` of two graph files: the same trained model saved as a SavedModel and
// as a checkpoint + meta graph is equivalent; a TF1 SavedModel against a TF2 one, with
// each side's own feed and fetch names, diverges where their weights differ.
TEST(GraphRunCli, SignatureKeys) {
  RunResult all = RunTfmigrate({"run", "testdata/graphs/tf2_module_trained", "--signature", "serving_default", "--feed",
                                "x=[[1,2]]"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(all.out, "h = float32[1,3] [[3.1, 1.45, 0.17500001]]\ny = float32[1,1] [[9.474999]]\n");
  RunResult one = RunTfmigrate({"run", "testdata/graphs/saved_model_trained", "--signature", "serving_default", "--feed",
                                "x=[[1,2]]", "--fetch", "y"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out.rfind("y = float32[1,1] ", 0), 0u) << one.out;
  RunResult bad_sig = RunTfmigrate({"run", "testdata/graphs/tf2_module_trained", "--signature", "predict", "--feed",
                                    "x=[[1,2]]"});
  EXPECT_EQ(bad_sig.exit_code, 2);
  EXPECT_NE(bad_sig.err.find("has the signatures serving_default"), std::string::npos) << bad_sig.err;
  RunResult bad_key = RunTfmigrate({"run", "testdata/graphs/tf2_module_trained", "--signature", "serving_default",
                                    "--feed", "x=[[1,2]]", "--fetch", "z"});
  EXPECT_EQ(bad_key.exit_code, 2);
  EXPECT_NE(bad_key.err.find("has no output 'z' (its outputs: h, y)"), std::string::npos) << bad_key.err;
}

TEST(GraphDiffCli, ComparesTwoGraphFiles) {
  RunResult same = RunTfmigrate({"diff", "testdata/graphs/saved_model_trained", "testdata/graphs/ckpt_trained/model.ckpt.meta",
                                 "--feed", "x=[[1,2],[-1,0.5]]", "--fetch", "pred"});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_NE(same.out.find("equivalent: 1 observations compared"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find("restored 3 variables"), std::string::npos) << same.out;
  RunResult differ = RunTfmigrate({"diff", "testdata/graphs/saved_model_v1", "testdata/graphs/tf2_function", "--old-feed",
                                   "x=[[1,2]]", "--old-fetch", "y", "--new-feed", "serving_default_x=[[1,2]]",
                                   "--new-fetch", "StatefulPartitionedCall", "--format", "json"});
  EXPECT_EQ(differ.exit_code, 1) << differ.out << differ.err;
  EXPECT_NE(differ.out.find("TFM901"), std::string::npos) << differ.out;
  RunResult counts = RunTfmigrate({"diff", "testdata/graphs/saved_model_v1", "testdata/graphs/tf2_function", "--feed",
                                   "x=[[1,2]]", "--old-fetch", "y", "--old-fetch", "w/read", "--new-fetch",
                                   "StatefulPartitionedCall"});
  EXPECT_EQ(counts.exit_code, 2);
  EXPECT_NE(counts.err.find("give as many --old-fetch as --new-fetch"), std::string::npos) << counts.err;
  RunResult bad_feed = RunTfmigrate({"diff", "testdata/graphs/saved_model_v1", "testdata/graphs/tf2_function", "--feed",
                                     "x=[[1,2]]", "--fetch", "y"});
  EXPECT_EQ(bad_feed.exit_code, 2);
  EXPECT_NE(bad_feed.err.find("testdata/graphs/tf2_function: --feed 'x'"), std::string::npos) << bad_feed.err;
  // --signature: both sides by their signatures' keys; the values are labelled by them.
  RunResult sig = RunTfmigrate({"diff", "testdata/graphs/saved_model_v1", "testdata/graphs/tf2_function", "--signature",
                                "serving_default", "--feed", "x=[[1,2]]"});
  EXPECT_EQ(sig.exit_code, 1) << sig.out << sig.err;
  EXPECT_NE(sig.out.find("fetch y in the old version, fetch output_0 in the new"), std::string::npos) << sig.out;
  RunResult scripts = RunTfmigrate({"diff", "examples/lr_decay_tf1.py", "examples/lr_decay_tf2.py", "--fetch", "y"});
  EXPECT_EQ(scripts.exit_code, 2);
  EXPECT_NE(scripts.err.find("apply to two graph files"), std::string::npos) << scripts.err;
}

}  // namespace tfm

// Running graph files on the bundled runtime (runtime/graph/import_*.h, npy.h): TensorProto
// decoding, the .npy reader, feed parsing, import errors, and the fetched values of every
// testdata/graphs/run/*.json case against the golden values real TensorFlow computed
// (tools/gen_graph_run_goldens.py), under the tolerance policy (docs/tolerance.md).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <chrono>

#include <nlohmann/json.hpp>

#include "analyzer/graph/graph_file.h"
#include "runtime/graph/import_graphdef.h"
#include "runtime/graph/import_run.h"
#include "runtime/graph/npy.h"
#include "runtime/trace/trace_compare.h"
#include "tests/fuzz/graph_run_fuzz_entry.h"

namespace tfm::rt {
namespace {

namespace fs = std::filesystem;
const fs::path kSrc = TFMIGRATE_SOURCE_DIR;
const fs::path kGraphs = kSrc / "testdata" / "graphs";

// ---- TensorProto ----

TEST(TensorFromProto, SingleValueFillsTheShape) {
  tensorflow::TensorProto p;
  p.set_dtype(tensorflow::DT_FLOAT);
  p.mutable_tensor_shape()->add_dim()->set_size(2);
  p.mutable_tensor_shape()->add_dim()->set_size(3);
  p.add_float_val(1.5f);
  auto t = TensorFromProto(p);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t.value().shape(), (Shape{2, 3}));
  for (int i = 0; i < 6; ++i) EXPECT_EQ(t.value().data<float>()[i], 1.5f);
}

TEST(TensorFromProto, ShortListRepeatsItsLastValue) {
  tensorflow::TensorProto p;
  p.set_dtype(tensorflow::DT_INT64);
  p.mutable_tensor_shape()->add_dim()->set_size(4);
  p.add_int64_val(7);
  p.add_int64_val(9);
  auto t = TensorFromProto(p);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t.value().data<int64_t>()[0], 7);
  EXPECT_EQ(t.value().data<int64_t>()[3], 9);
}

TEST(TensorFromProto, TensorContentAndEmptyFieldsAndStrings) {
  tensorflow::TensorProto p;
  p.set_dtype(tensorflow::DT_INT32);
  p.mutable_tensor_shape()->add_dim()->set_size(2);
  int32_t v[2] = {3, -4};
  p.set_tensor_content(std::string(reinterpret_cast<const char*>(v), sizeof v));
  auto t = TensorFromProto(p);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t.value().data<int32_t>()[1], -4);

  tensorflow::TensorProto z;  // no values at all: zeros
  z.set_dtype(tensorflow::DT_BOOL);
  z.mutable_tensor_shape()->add_dim()->set_size(3);
  auto tz = TensorFromProto(z);
  ASSERT_TRUE(tz.ok());
  EXPECT_FALSE(tz.value().data<bool>()[2]);

  tensorflow::TensorProto s;
  s.set_dtype(tensorflow::DT_STRING);
  s.add_string_val("grpc");
  auto ts = TensorFromProto(s);
  ASSERT_TRUE(ts.ok());
  EXPECT_EQ(ts.value().strings()[0], "grpc");
}

TEST(TensorFromProto, BadTensorsAreErrors) {
  tensorflow::TensorProto p;
  p.set_dtype(tensorflow::DT_FLOAT);
  p.mutable_tensor_shape()->add_dim()->set_size(2);
  p.set_tensor_content("abc");  // 3 bytes for 8
  EXPECT_EQ(TensorFromProto(p).status().code(), Code::kInvalidArgument);

  tensorflow::TensorProto big;  // 10^12 elements: refused before any allocation
  big.set_dtype(tensorflow::DT_FLOAT);
  big.mutable_tensor_shape()->add_dim()->set_size(1000000);
  big.mutable_tensor_shape()->add_dim()->set_size(1000000);
  big.add_float_val(1);
  auto b = TensorFromProto(big);
  EXPECT_EQ(b.status().code(), Code::kInvalidArgument);
  EXPECT_NE(b.status().message().find("exceeds the limit"), std::string::npos) << b.status().message();

  tensorflow::TensorProto many;  // more values than elements
  many.set_dtype(tensorflow::DT_FLOAT);
  many.add_float_val(1);
  many.add_float_val(2);
  EXPECT_EQ(TensorFromProto(many).status().code(), Code::kInvalidArgument);

  tensorflow::TensorProto half;
  half.set_dtype(tensorflow::DT_HALF);
  auto h = TensorFromProto(half);
  EXPECT_EQ(h.status().code(), Code::kUnimplemented);
  EXPECT_NE(h.status().message().find("DT_HALF"), std::string::npos);
}

// ---- .npy ----

std::string Npy(const std::string& descr, const std::string& shape, const std::string& data, bool fortran = false) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  std::string s = "\x93NUMPY";
  s += '\x01';
  s += '\x00';
  s += static_cast<char>(header.size() & 0xff);
  s += static_cast<char>(header.size() >> 8);
  return s + header + data;
}

TEST(Npy, ReadsTypesAndShapes) {
  float f[6] = {1, 2, 3, 4, 5, 6};
  auto t = ParseNpy(Npy("<f4", "(2, 3)", std::string(reinterpret_cast<char*>(f), sizeof f)), "a.npy");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t.value().dtype(), DType::kFloat);
  EXPECT_EQ(t.value().shape(), (Shape{2, 3}));
  EXPECT_EQ(t.value().data<float>()[5], 6.0f);

  int64_t i = -5;
  auto s = ParseNpy(Npy("<i8", "()", std::string(reinterpret_cast<char*>(&i), 8)), "s.npy");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value().dims(), 0);
  EXPECT_EQ(s.value().data<int64_t>()[0], -5);

  auto b = ParseNpy(Npy("|b1", "(3,)", std::string("\x01\x00\x01", 3)), "b.npy");
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(b.value().data<bool>()[2]);

  auto e = ParseNpy(Npy("<f8", "(0, 4)", ""), "e.npy");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.value().num_elements(), 0);
}

TEST(Npy, CommittedFileWrittenByNumpy) {
  auto t = ReadNpyFile((kGraphs / "run" / "dense_pb_npy_x.npy").string());
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t.value().dtype(), DType::kFloat);
  EXPECT_EQ(t.value().shape(), (Shape{3, 4}));
}

TEST(Npy, RefusesWhatItCannotRead) {
  std::string four(4, '\0');
  struct Case {
    std::string bytes, needle;
  } cases[] = {
      {"not numpy at all", "magic"},
      {Npy("<f4", "(2,)", four + four, true), "Fortran"},
      {Npy(">f4", "(1,)", four), "big-endian"},
      {Npy("<c8", "(1,)", four + four), "dtype '<c8'"},
      {Npy("|O", "(1,)", four), "dtype"},
      {Npy("<f4", "(3,)", four), "needs"},               // truncated data
      {Npy("<f4", "(1000000000000,)", four), "needs"},    // absurd shape, no allocation
      {Npy("<f4", "(99999999999, 99999999999)", four), "too large"},
      {Npy("<f4", "(-1,)", four), "shape"},
      {Npy("|b1", "(1,)", "\x07"), "neither 0 nor 1"},
      {Npy("<f4", "(1,)", four).substr(0, 20), "truncated"},
  };
  for (const auto& c : cases) {
    auto t = ParseNpy(c.bytes, "bad.npy");
    ASSERT_FALSE(t.ok()) << c.needle;
    EXPECT_EQ(t.status().code(), Code::kInvalidArgument);
    EXPECT_NE(t.status().message().find(c.needle), std::string::npos) << t.status().message();
    EXPECT_EQ(t.status().message().find('\n'), std::string::npos);
  }
  EXPECT_FALSE(ReadNpyFile("/nonexistent/x.npy").ok());
}

// ---- feed values ----

TEST(FeedValue, NestedListsScalarsAndDtypes) {
  auto m = ParseFeedValue("[[1,2],[3,4]]", DType::kInt32);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m.value().shape(), (Shape{2, 2}));
  EXPECT_EQ(m.value().data<int32_t>()[3], 4);
  auto f = ParseFeedValue("[0.5, 2]", DType::kFloat);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f.value().data<float>()[1], 2.0f);
  auto s = ParseFeedValue("3", DType::kDouble);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value().dims(), 0);
  auto b = ParseFeedValue("[true, false]", DType::kBool);
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(b.value().data<bool>()[0]);
  auto e = ParseFeedValue("[[], []]", DType::kFloat);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.value().shape(), (Shape{2, 0}));
  auto str = ParseFeedValue("hello", DType::kString);
  ASSERT_TRUE(str.ok());
  EXPECT_EQ(str.value().strings()[0], "hello");
  auto big = ParseFeedValue("9000000000", DType::kInt64);
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(big.value().data<int64_t>()[0], 9000000000);
}

TEST(FeedValue, Errors) {
  for (auto [text, dt, needle] : std::vector<std::tuple<std::string, DType, std::string>>{
           {"[[1,2],[3]]", DType::kFloat, "ragged"},
           {"[[1,2],3]", DType::kFloat, "ragged"},
           {"1.5", DType::kInt32, "integers"},
           {"abc", DType::kFloat, "not a number"},
           {"[1, true]", DType::kFloat, "a bool"},
           {"1", DType::kBool, "true/false"},
           {"3000000000", DType::kInt32, "out of range"},
           {"{\"a\": 1}", DType::kFloat, "an object"},
       }) {
    auto t = ParseFeedValue(text, dt);
    ASSERT_FALSE(t.ok()) << text;
    EXPECT_NE(t.status().message().find(needle), std::string::npos) << text << ": " << t.status().message();
  }
  Tensor f = Tensor::Alloc(DType::kDouble, {2});
  f.data<double>()[0] = 1;
  f.data<double>()[1] = 2.5;
  EXPECT_FALSE(ConvertFeed(f, DType::kInt32).ok());
  f.data<double>()[1] = 2;
  auto i = ConvertFeed(f, DType::kInt32);
  ASSERT_TRUE(i.ok());
  EXPECT_EQ(i.value().data<int32_t>()[1], 2);
  EXPECT_FALSE(ConvertFeed(f, DType::kBool).ok());
}

TEST(Format, NestedValuesShortestFloats) {
  Tensor t = Tensor::Alloc(DType::kFloat, {2, 2});
  float v[4] = {0.1f, 2.0f, -1.5f, NAN};
  for (int i = 0; i < 4; ++i) t.data<float>()[i] = v[i];
  EXPECT_EQ(FormatFetch({"y:0", false, t}), "y:0 = float32[2,2] [[0.1, 2], [-1.5, nan]]");
  EXPECT_EQ(FormatFetch({"n:0", false, Tensor::Scalar<int64_t>(-3)}), "n:0 = int64[] -3");
  EXPECT_EQ(FormatFetch({"train", true, {}}), "train = (op)");
  auto j = TraceValue(t);
  EXPECT_EQ(j["dtype"], "float32");
  EXPECT_EQ(j["values"][3], "nan");
}

// ---- importing ----

graph::GraphFile Load(const std::string& rel) {
  auto f = graph::LoadGraphFile((kGraphs / rel).string());
  EXPECT_TRUE(f) << (f ? "" : f.error().message);
  return f ? std::move(*f) : graph::GraphFile{};
}

TEST(Import, PrunesToTheFetchesAndNamesMissingFeeds) {
  graph::GraphFile f = Load("dense.pbtxt");
  ImportRequest req;
  req.fetches = {{"hidden/Relu", 0}};
  auto g = ImportForRun(f.meta_graphs[0], req);
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_EQ(g.value().missing_feeds, std::vector<std::string>{"x"});
  EXPECT_EQ(g.value().ids.count("loss"), 0u);  // not needed
  EXPECT_EQ(g.value().variables, (std::vector<std::string>{"hidden/kernel", "hidden/bias"}));
  EXPECT_EQ(g.value().initializers.size(), 2u);
}

TEST(Import, FedVariableNeedsNoInitializer) {
  graph::GraphFile f = Load("dense.pbtxt");
  ImportRequest req;
  req.feeds = {{"x", 0}, {"hidden/kernel", 0}, {"hidden/bias", 0}};
  req.fetches = {{"hidden/Relu", 0}};
  auto g = ImportForRun(f.meta_graphs[0], req);
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_TRUE(g.value().missing_feeds.empty());
  EXPECT_TRUE(g.value().initializers.empty());
  // The fed variable is a Placeholder stand-in of its dtype and shape.
  const Node& k = g.value().graph->node(g.value().ids.at("hidden/kernel"));
  EXPECT_EQ(k.op, "Placeholder");
  EXPECT_EQ(k.outputs[0].shape, (Shape{4, 8}));
}

// Malformed nodes (testdata/graphs_malformed/*.pbtxt: one file per class of error, its
// "# error: " line the message real TensorFlow's import_graph_def gives, up to TF's
// listing of the op's attrs): an InvalidArgument naming the node and the op from the
// signature check (or the graph loader's own error), never an abort.
TEST(Import, MalformedNodesAreInvalidArgumentNamingTheNode) {
  int cases = 0;
  for (const auto& e : fs::directory_iterator(kSrc / "testdata" / "graphs_malformed")) {
    if (e.path().extension() != ".pbtxt") continue;
    std::ifstream in(e.path());
    std::string line, needle;
    while (std::getline(in, line))
      if (line.rfind("# error: ", 0) == 0) needle = line.substr(9);
    ASSERT_FALSE(needle.empty()) << e.path() << " has no '# error: ' line";
    ++cases;
    auto f = graph::LoadGraphFile(e.path().string());
    if (!f) {  // refused by the graph loader (analyzer/graph) already
      EXPECT_NE(f.error().message.find(needle), std::string::npos) << e.path() << ": " << f.error().message;
      continue;
    }
    ImportRequest req;
    req.feeds = {{"x", 0}};
    req.fetches = {{"y", 0}};
    auto g = ImportForRun(f->meta_graphs[0], req);
    ASSERT_FALSE(g.ok()) << e.path();
    EXPECT_EQ(g.status().code(), Code::kInvalidArgument) << e.path() << ": " << g.status().message();
    EXPECT_NE(g.status().message().find(needle), std::string::npos) << e.path() << ": " << g.status().message();
    EXPECT_NE(g.status().message().find("node 'y'"), std::string::npos) << g.status().message();
  }
  EXPECT_GE(cases, 10);
}

// The bounded replay of the run fuzzer (tests/fuzz/graph_run_fuzz_entry.h) with any
// compiler: text graphs mutated where the op signatures matter (an op type swapped for
// another registered op, an input dropped or repeated, an int attr replaced by an edge
// value), run through import and the kernels. An abort fails the whole test binary.
TEST(GraphRunFuzzReplay, MutatedTextGraphsNeverAbort) {
  std::vector<std::string> seeds;
  for (const char* dir : {"graphs", "graphs_malformed"})
    for (const auto& e : fs::directory_iterator(kSrc / "testdata" / dir))
      if (e.path().extension() == ".pbtxt") {
        std::ifstream in(e.path());
        std::stringstream ss;
        ss << in.rdbuf();
        seeds.push_back(ss.str());
      }
  ASSERT_GE(seeds.size(), 12u);
  const std::vector<std::string> ops = RegisteredOps();
  // TFM_REPLAY_SEED explores other mutants locally (CTest runs the fixed seed).
  const char* seed_env = std::getenv("TFM_REPLAY_SEED");
  std::mt19937 rng(seed_env ? static_cast<unsigned>(std::strtoul(seed_env, nullptr, 10)) : 20261204u);
  // Positions just after `what` in `s` (e.g. after 'op: "' or 'i: ').
  auto positions = [](const std::string& s, const std::string& what) {
    std::vector<size_t> r;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) r.push_back(p + what.size());
    return r;
  };
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  int runs = 0, ran = 0;
  while (runs < 3000 && std::chrono::steady_clock::now() < deadline) {
    std::string m = seeds[rng() % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < edits; ++k) {
      switch (rng() % 4) {
        case 0: {  // another op type
          auto at = positions(m, "op: \"");
          if (at.empty()) break;
          size_t p = at[rng() % at.size()], q = m.find('"', p);
          if (q != std::string::npos) m.replace(p, q - p, ops[rng() % ops.size()]);
          break;
        }
        case 1:
        case 2: {  // drop or repeat an input
          auto at = positions(m, "input: \"");
          if (at.empty()) break;
          size_t p = at[rng() % at.size()] - 8, q = m.find('"', p + 8);
          if (q == std::string::npos) break;
          std::string tok = m.substr(p, q + 1 - p);
          if (rng() % 2) m.erase(p, tok.size());
          else m.insert(p, tok + " ");
          break;
        }
        case 3: {  // an int attr at an edge value
          auto at = positions(m, " i: ");
          if (at.empty()) break;
          size_t p = at[rng() % at.size()], q = m.find_first_not_of("-0123456789", p);
          static const char* const kEdge[] = {"-1", "0", "1", "3", "-2147483648", "1048576"};
          if (q != std::string::npos) m.replace(p, q - p, kEdge[rng() % 6]);
          break;
        }
      }
    }
    if (fuzz::GraphRunFuzzOne(reinterpret_cast<const uint8_t*>(m.data()), m.size()) >= 0) ++ran;
    ++runs;
  }
  EXPECT_GT(runs, 100);
  EXPECT_GT(ran, runs / 2) << "most mutants should still load";
}

TEST(Import, UnknownNamesAreNotFound) {
  graph::GraphFile f = Load("dense.pbtxt");
  ImportRequest req;
  req.fetches = {{"nope", 0}};
  auto g = ImportForRun(f.meta_graphs[0], req);
  EXPECT_EQ(g.status().code(), Code::kNotFound);
  EXPECT_NE(g.status().message().find("'nope'"), std::string::npos);
  req.fetches = {{"loss", 0}};
  req.feeds = {{"xx", 0}};
  EXPECT_EQ(ImportForRun(f.meta_graphs[0], req).status().code(), Code::kNotFound);
}

TEST(Import, V1LoopBackEdgesAreKeptOutsideTheAcyclicGraph) {
  graph::GraphFile f = Load("while_cond.pbtxt");
  ImportRequest req;
  req.feeds = {{"n", 0}};
  req.fetches = {{"loop/Exit_1", 0}};
  auto g = ImportForRun(f.meta_graphs[0], req);
  ASSERT_TRUE(g.ok()) << g.status().message();
  const ImportedGraph& ig = g.value();
  int merge = ig.ids.at("loop/Merge_1");
  EXPECT_EQ(ig.graph->node(merge).inputs.size(), 1u);  // loop/Enter_1 only
  ASSERT_EQ(ig.merge_inputs.count(merge), 1u);
  const auto& full = ig.merge_inputs.at(merge);
  ASSERT_EQ(full.size(), 2u);
  EXPECT_EQ(ig.graph->node(full[0].node).name, "loop/Enter_1");
  EXPECT_EQ(ig.graph->node(full[1].node).name, "loop/NextIteration_1");
}

// A v1 loop that runs longer than the session's node budget ends with OutOfRange, naming
// the budget; the same loop within it runs to its Exit (fuzzers lower the budget so that a
// loop they build that never ends costs little).
TEST(Import, V1LoopLongerThanTheNodeBudgetIsOutOfRange) {
  graph::GraphFile f = Load("while_cond.pbtxt");
  ImportRequest req;
  req.feeds = {{"n", 0}};
  req.fetches = {{"loop/Exit", 0}};
  auto g = ImportForRun(f.meta_graphs[0], req);
  ASSERT_TRUE(g.ok()) << g.status().message();
  const ImportedGraph& ig = g.value();
  Session s(ig.graph, ig.merge_inputs);
  s.set_max_node_executions(2000);
  NodeOutput n{ig.ids.at("n"), 0}, exit{ig.ids.at("loop/Exit"), 0};
  std::vector<Tensor> out;
  ASSERT_TRUE(s.Run({{n, Tensor::Scalar<int32_t>(3)}}, {exit}, {}, &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].DebugString(), Tensor::Scalar<int32_t>(3).DebugString());
  Status st = s.Run({{n, Tensor::Scalar<int32_t>(1000000)}}, {exit}, {}, &out);
  EXPECT_EQ(st.code(), Code::kOutOfRange);
  EXPECT_NE(st.message().find("more than 2000 nodes"), std::string::npos) << st.message();
}

TEST(GraphRun, LoopFetchInsideTheFrameIsAnError) {
  GraphRunOptions o;
  o.path = (kGraphs / "while_cond.pbtxt").string();
  o.feeds = {"n=2"};
  o.fetches = {"loop/mul"};
  GraphRunResult r = RunGraphFile(o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.error.find("inside a v1 while loop"), std::string::npos) << r.error;
}

TEST(Import, TrainingOpsAndFunctionCallsAreNamed) {
  graph::GraphFile f = Load("variables.meta");
  ImportRequest req;
  req.feeds = {{"x", 0}};
  req.targets = {"train"};
  auto g = ImportForRun(f.meta_graphs[0], req);
  ASSERT_EQ(g.status().code(), Code::kUnimplemented);
  EXPECT_NE(g.status().message().find("ApplyGradientDescent (1 node: 'train/update_w_ref/ApplyGradientDescent')"),
            std::string::npos)
      << g.status().message();
  EXPECT_NE(g.status().message().find("ResourceApplyGradientDescent"), std::string::npos);

  // A TF2 SavedModel's save function: SaveV2 and MergeV2Checkpoints are not executed,
  // named with the function they are in.
  graph::GraphFile tf2 = Load("tf2_function");
  ImportRequest r2;
  r2.feeds = {{"saver_filename", 0}};
  r2.fetches = {{"StatefulPartitionedCall_1", 0}};
  auto g2 = ImportForRun(tf2.meta_graphs[0], r2);
  ASSERT_EQ(g2.status().code(), Code::kUnimplemented);
  EXPECT_NE(g2.status().message().find("SaveV2 (1 node: '__inference__traced_save_"), std::string::npos)
      << g2.status().message();
  EXPECT_NE(g2.status().message().find("in the graph's function library"), std::string::npos);
}

// A GraphDef whose call names a function the library lacks, and one with an output
// reference that cannot be mapped: one clear error each.
TEST(GraphImport, BrokenFunctionLibraryIsOneError) {
  const char* text = R"pb(
    node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
    node { name: "call" op: "PartitionedCall" input: "x"
           attr { key: "f" value { func { name: "missing_fn" } } }
           attr { key: "Tin" value { list { type: DT_FLOAT } } }
           attr { key: "Tout" value { list { type: DT_FLOAT } } } }
    library { function { signature { name: "other" input_arg { name: "a" type: DT_FLOAT }
                                    output_arg { name: "b" type: DT_FLOAT } }
                         ret { key: "b" value: "a" } } }
  )pb";
  fs::path tmp = fs::temp_directory_path() / ("tfm_fnlib_" + std::to_string(::getpid()) + ".pbtxt");
  std::ofstream(tmp) << text;
  GraphRunOptions o;
  o.path = tmp.string();
  o.feeds = {"x=1"};
  o.fetches = {"call"};
  GraphRunResult r = RunGraphFile(o);
  fs::remove(tmp);
  EXPECT_EQ(r.exit_code, 2) << r.error;
  EXPECT_NE(r.error.find("function 'missing_fn' is not in the graph's function library"), std::string::npos) << r.error;
}

// ---- golden values from TensorFlow ----

std::vector<std::string> Goldens() {
  std::vector<std::string> r;
  for (const auto& e : fs::directory_iterator(kGraphs / "run"))
    if (e.path().extension() == ".json") r.push_back(e.path().stem().string());
  std::sort(r.begin(), r.end());
  return r;
}

class GraphGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(GraphGolden, MatchesTensorFlow) {
  std::ifstream in(kGraphs / "run" / (GetParam() + ".json"));
  nlohmann::json g = nlohmann::json::parse(in);
  GraphRunOptions o;
  o.path = (kGraphs / g["graph"].get<std::string>()).string();
  o.init_variables = g["init"];
  for (const auto& f : g["feeds"]) {
    std::string name = f["name"];
    if (f.contains("npy")) o.feeds.push_back(name + "=@" + (kGraphs / "run" / f["npy"].get<std::string>()).string());
    else o.feeds.push_back(name + "=" + f["value"].dump());  // the text a user types after --feed
  }
  for (const auto& f : g["fetches"]) o.fetches.push_back(f);
  GraphRunResult r = RunGraphFile(o);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  ASSERT_EQ(r.fetches.size(), g["expected"].size());
  for (size_t i = 0; i < r.fetches.size(); ++i) {
    EXPECT_EQ(CompareValues(g["expected"][i], TraceValue(r.fetches[i].value), CompareOptions{}), "")
        << r.fetches[i].name;
  }
}

INSTANTIATE_TEST_SUITE_P(Run, GraphGolden, ::testing::ValuesIn(Goldens()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

TEST(GraphRun, InitializersRunOnlyForWhatTheFetchesRead) {
  GraphRunOptions o;
  o.path = (kGraphs / "variables.meta").string();
  o.feeds = {"x=[[1, 2]]"};
  o.fetches = {"MatMul"};
  GraphRunResult r = RunGraphFile(o);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_NE(r.notes[0].find("(w_ref)"), std::string::npos) << r.notes[0];
  EXPECT_EQ(r.fetches[0].value.data<float>()[0], 3.0f);
  o.init_variables = false;
  r = RunGraphFile(o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.error.find("Attempting to use uninitialized value w_ref"), std::string::npos) << r.error;
}

// ---- checkpoints --------------------------------------------------------------

TEST(Checkpoint, ReadsTheSaversKeysAndValues) {
  auto r = CheckpointReader::Open((kGraphs / "ckpt_trained" / "model.ckpt").string());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r.value().Keys(), (std::vector<std::string>{"model/b1", "model/step", "model/w1", "model/w2"}));
  auto step = r.value().Read("model/step");
  ASSERT_TRUE(step.ok()) << step.status().message();
  EXPECT_EQ(step.value().dtype(), DType::kInt64);
  EXPECT_EQ(*step.value().data<int64_t>(), 5);  // five training steps
  auto w1 = r.value().Read("model/w1");
  ASSERT_TRUE(w1.ok());
  EXPECT_EQ(w1.value().shape(), (Shape{2, 3}));
  EXPECT_EQ(r.value().Read("nope").status().code(), Code::kNotFound);
}

// Copies ckpt_trained's checkpoint to a temporary prefix, lets `damage` change one of its
// files, and returns the error of restoring from it.
std::string DamagedRestoreError(const std::string& file_suffix, const std::function<void(std::string&)>& damage) {
  fs::path tmp = fs::temp_directory_path() / ("tfm_ckpt_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  for (const char* f : {"model.ckpt.meta", "model.ckpt.index", "model.ckpt.data-00000-of-00001"})
    fs::copy_file(kGraphs / "ckpt_trained" / f, tmp / f, fs::copy_options::overwrite_existing);
  fs::path target = tmp / ("model.ckpt" + file_suffix);
  std::ifstream in(target, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  damage(bytes);
  std::ofstream(target, std::ios::binary | std::ios::trunc) << bytes;
  GraphRunOptions o;
  o.path = (tmp / "model.ckpt.meta").string();
  o.feeds = {"x=[[1, 2]]"};
  o.fetches = {"pred"};
  GraphRunResult r = RunGraphFile(o);
  fs::remove_all(tmp);
  EXPECT_EQ(r.exit_code, 2) << r.error;
  return r.error;
}

TEST(Checkpoint, DamageIsOneClearError) {
  EXPECT_NE(DamagedRestoreError(".data-00000-of-00001", [](std::string& b) { b[5] ^= 1; }).find("checksum mismatch"),
            std::string::npos);
  EXPECT_NE(DamagedRestoreError(".data-00000-of-00001", [](std::string& b) { b.resize(10); }).find("truncated"),
            std::string::npos);
  EXPECT_NE(DamagedRestoreError(".index", [](std::string& b) { b.back() ^= 1; }).find("bad magic number"),
            std::string::npos);
  EXPECT_NE(DamagedRestoreError(".index", [](std::string& b) { b[3] ^= 0x40; }).find("block checksum mismatch"),
            std::string::npos);
  EXPECT_NE(DamagedRestoreError(".index", [](std::string& b) { b.resize(20); }).find("too short"), std::string::npos);
}

TEST(GraphRun, RestoresTheCheckpointThatComesWithTheGraph) {
  GraphRunOptions o;
  o.path = (kGraphs / "saved_model_trained").string();
  o.feeds = {"x=[[1, 2]]"};
  o.fetches = {"pred"};
  GraphRunResult restored = RunGraphFile(o);
  ASSERT_EQ(restored.exit_code, 0) << restored.error;
  ASSERT_EQ(restored.notes.size(), 1u);
  EXPECT_NE(restored.notes[0].find("restored 3 variables from the checkpoint"), std::string::npos) << restored.notes[0];
  o.restore = false;  // --no-restore: the initial values, so another prediction
  GraphRunResult initial = RunGraphFile(o);
  ASSERT_EQ(initial.exit_code, 0) << initial.error;
  EXPECT_NE(initial.notes[0].find("no checkpoint was read"), std::string::npos);
  EXPECT_NE(restored.fetches[0].value.data<float>()[0], initial.fetches[0].value.data<float>()[0]);
  // An explicit --checkpoint: the meta graph's Saver maps its keys (model/w1, ...) to the variables.
  o.restore = true;
  o.path = (kGraphs / "ckpt_trained" / "model.ckpt.meta").string();
  o.checkpoint = (kGraphs / "ckpt_trained" / "model.ckpt").string();
  GraphRunResult meta = RunGraphFile(o);
  ASSERT_EQ(meta.exit_code, 0) << meta.error;
  EXPECT_NE(meta.notes[0].find("(hidden/kernel, hidden/bias, out/kernel)"), std::string::npos) << meta.notes[0];
  // Both files hold the same trained model (same data, same steps).
  EXPECT_NEAR(meta.fetches[0].value.data<float>()[0], restored.fetches[0].value.data<float>()[0], 1e-6);
  o.checkpoint = "/nonexistent/model.ckpt";
  EXPECT_EQ(RunGraphFile(o).exit_code, 2);
}

}  // namespace
}  // namespace tfm::rt

// Bad graph files: each gets one clear error line and exit code 2 from `tfmigrate
// check`, never a crash or an unbounded allocation. Also the bounded replay of
// mutated inputs through the fuzz entry point (tests/fuzz/graph_fuzz_entry.h), the
// CTest stand-in for the libFuzzer target when clang is not the compiler.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "analyzer/graph/graph_file.h"
#include "analyzer/graph/summary.h"
#include "tests/fuzz/graph_fuzz_entry.h"
#include "tests/test_support.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;
using namespace testing_support;


size_t Lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

// Runs `tfmigrate check FILE` and expects exit 2 with exactly one `error:` line
// containing `needle`.
void ExpectInputError(const fs::path& file, const std::string& needle, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"check", "--no-color", "--isolated"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(file.string());
  RunResult r = RunTfmigrate(args);
  EXPECT_EQ(r.exit_code, 2) << r.err << r.out;
  EXPECT_EQ(Lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << "expected `" << needle << "` in: " << r.err;
}


TEST(GraphBadInput, TruncatedBinary) {
  std::string pb = ReadFile(SourceDir() / "testdata/graphs/dense.pb");
  ASSERT_GT(pb.size(), 1000u);
  TempDir t;
  ExpectInputError(t.Write("trunc.pb", pb.substr(0, pb.size() / 2)), "truncated or corrupt");
  ExpectInputError(t.Write("trunc1.pb", pb.substr(0, pb.size() - 1)), "truncated or corrupt");
}

TEST(GraphBadInput, BitFlipsNeverCrash) {
  std::string pb = ReadFile(SourceDir() / "testdata/graphs/dense.pb");
  TempDir t;
  std::mt19937 rng(7);
  for (int i = 0; i < 12; ++i) {
    std::string m = pb;
    size_t pos = rng() % m.size();
    m[pos] = static_cast<char>(m[pos] ^ (1 << (rng() % 8)));
    RunResult r = RunTfmigrate({"check", "--isolated", "--no-source", t.Write("flip.pb", m).string()});
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << "flip at " << pos << ": " << r.exit_code;
    if (r.exit_code == 2) {
      EXPECT_EQ(Lines(r.err), 1u) << r.err;
    }
  }
}

TEST(GraphBadInput, WrongFileType) {
  TempDir t;
  ExpectInputError(t.Write("model.pb", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)), "PNG image");
  ExpectInputError(t.Write("model.h5.pb", std::string("\x89HDF\r\n\x1a\n\0\0", 10)), "HDF5");
  ExpectInputError(t.Write("script.pbtxt", "import tensorflow as tf\nprint(1)\n"), "first field `import`");
  ExpectInputError(t.Write("random.pb", std::string("\xff\xfe\x00\x01garbage\x07", 12)), "not a TensorFlow graph");
  ExpectInputError(t.Write("empty.pb", ""), "empty file");
  // A directory that is not a SavedModel.
  fs::create_directories(t.path() / "notsaved");
  ExpectInputError(t.path() / "notsaved" / "x.meta", "no such file or directory");
  auto dir = graph::LoadGraphFile((t.path() / "notsaved").string());
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().message.find("not a SavedModel"), std::string::npos) << dir.error().message;
}

TEST(GraphBadInput, TextSyntaxErrorHasLineAndColumn) {
  TempDir t;
  auto p = t.Write("bad.pbtxt", "node {\n  name: \"a\"\n  op: \"Const\n}\n");  // unterminated string
  RunResult r = RunTfmigrate({"check", "--isolated", p.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("bad.pbtxt:3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("GraphDef text format error"), std::string::npos) << r.err;
  ExpectInputError(t.Write("unknown.pbtxt", "node { name: \"a\" op: \"NoOp\" colour: 3 }\n"), "unknown.pbtxt:1:");
}

TEST(GraphBadInput, MissingInputNode) {
  TempDir t;
  ExpectInputError(t.Write("g.pbtxt", "node { name: \"a\" op: \"Identity\" input: \"nowhere:0\" }\n"),
                   "node `a` (Identity): input `nowhere:0` names a node that does not exist");
}

TEST(GraphBadInput, DuplicateNames) {
  TempDir t;
  ExpectInputError(t.Write("g.pbtxt", "node { name: \"a\" op: \"NoOp\" }\nnode { name: \"a\" op: \"NoOp\" }\n"),
                   "duplicate node name `a`");
}

TEST(GraphBadInput, CycleOutsideLoopFrame) {
  TempDir t;
  ExpectInputError(t.Write("g.pbtxt",
                           "node { name: \"a\" op: \"Identity\" input: \"b\" }\n"
                           "node { name: \"b\" op: \"Identity\" input: \"a\" }\n"
                           "node { name: \"c\" op: \"NoOp\" }\n"),
                   "cycle outside a while-loop frame");
  // The same back edge through NextIteration is a loop, not an error.
  auto ok = t.Write("loop.pbtxt",
                    "node { name: \"m\" op: \"Merge\" input: \"e\" input: \"n\" }\n"
                    "node { name: \"e\" op: \"Enter\" input: \"c\" attr { key: \"frame_name\" value { s: \"f\" } } }\n"
                    "node { name: \"c\" op: \"NoOp\" }\n"
                    "node { name: \"n\" op: \"NextIteration\" input: \"m\" }\n");
  auto f = graph::LoadGraphFile(ok.string());
  ASSERT_TRUE(f) << f.error().message;
  ASSERT_EQ(f->meta_graphs[0].graph.frames.size(), 2u);
  EXPECT_EQ(f->meta_graphs[0].graph.frames[1].name, "f");
  EXPECT_EQ(f->meta_graphs[0].graph.Find("n")->frame, 1);
  EXPECT_EQ(f->meta_graphs[0].graph.Find("c")->frame, 0);
}

TEST(GraphBadInput, AttrOfWrongType) {
  TempDir t;
  ExpectInputError(t.Write("g.pbtxt",
                           "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
                           " attr { key: \"value\" value { i: 3 } } }\n"),
                   "attr `value` must be a tensor, found an int");
  ExpectInputError(t.Write("g2.pbtxt",
                           "node { name: \"p\" op: \"Placeholder\" attr { key: \"dtype\" value { s: \"float\" } } }\n"),
                   "attr `dtype` must be a type or a list of types, found a string");
}

TEST(GraphBadInput, AbsurdShapeRefusedBeforeAllocation) {
  TempDir t;
  // 10^6 x 10^6 = 10^12 float elements (4 TB) claimed by a 150-byte file.
  ExpectInputError(t.Write("g.pbtxt",
                           "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
                           " attr { key: \"value\" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 1000000 }"
                           " dim { size: 1000000 } } float_val: 1 } } } }\n"),
                   "claims 1000000000000 elements");
  // The same tensor hidden in the attrs of a function-call attr.
  ExpectInputError(t.Write("func.pbtxt",
                           "node { name: \"w\" op: \"NoOp\" attr { key: \"body\" value { func { name: \"f\""
                           " attr { key: \"init\" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 1000000 }"
                           " dim { size: 1000000 } } } } } } } } }\n"),
                   "claims 1000000000000 elements");
  ExpectInputError(t.Write("neg.pbtxt",
                           "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
                           " attr { key: \"value\" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: -5 } } } } } }\n"),
                   "negative dimension -5");
  ExpectInputError(t.Write("overflow.pbtxt",
                           "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT8 } }"
                           " attr { key: \"value\" value { tensor { dtype: DT_INT8 tensor_shape { dim { size: 9223372036854775807 }"
                           " dim { size: 9223372036854775807 } } } } } }\n"),
                   "more than 2^64");
  ExpectInputError(t.Write("content.pbtxt",
                           "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_FLOAT } }"
                           " attr { key: \"value\" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 4 } }"
                           " tensor_content: \"\\000\\000\" } } } }\n"),
                   "tensor_content has 2 bytes");
}

// Binary GraphDef bytes of `n` nodes written straight to a stream (no GraphDef in memory).
void WriteManyNodes(const fs::path& p, size_t target_bytes) {
  tensorflow::NodeDef node;
  node.set_op("NoOp");
  std::ofstream out(p, std::ios::binary);
  std::string buf;
  size_t written = 0;
  for (size_t i = 0; written < target_bytes; ++i) {
    node.set_name("node_with_a_reasonably_long_name_" + std::to_string(i));
    std::string body = node.SerializeAsString();
    buf.clear();
    buf.push_back('\x0a');  // GraphDef.node, length-delimited
    size_t len = body.size();
    while (len >= 0x80) {
      buf.push_back(static_cast<char>((len & 0x7f) | 0x80));
      len >>= 7;
    }
    buf.push_back(static_cast<char>(len));
    buf += body;
    out << buf;
    written += buf.size();
  }
}

TEST(GraphBadInput, HundredMegabytesOfNodes) {
  TempDir t;
  fs::path p = t.path() / "huge.pb";
  WriteManyNodes(p, 100u << 20);
  ASSERT_GE(fs::file_size(p), 100u << 20);
  // Over the default size limit: refused before reading.
  ExpectInputError(p, "above the 32.0 MB limit");
  // Size limit raised: the node count is read from the wire format first and refused
  // before any NodeDef is parsed.
  auto start = std::chrono::steady_clock::now();
  ExpectInputError(p, "above the limit of 1000000; refused before parsing", {"--max-file-size", "200"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(GraphBadInput, HugeTextGraphRefusedBeforeParsing) {
  TempDir t;
  fs::path p = t.path() / "huge.pbtxt";
  {
    std::ofstream out(p);
    for (int i = 0; i < 1'200'000; ++i) out << "node { name: \"n" << i << "\" op: \"NoOp\" }\n";
  }
  ExpectInputError(p, "about 1200000 nodes, above the limit of 1000000; refused before parsing",
                   {"--max-file-size", "100"});
}

std::string NestedFuncAttr(int depth) {
  std::string s = "node { name: \"a\" op: \"NoOp\" ";
  for (int i = 0; i < depth; ++i) s += "attr { key: \"f\" value { func { name: \"g\" ";
  for (int i = 0; i < depth; ++i) s += "} } } ";
  return s + "}\n";
}

TEST(GraphBadInput, DeepNestingIsRefused) {
  TempDir t;
  // Text: protobuf's recursion limit (set explicitly to 64) stops the parser.
  ExpectInputError(t.Write("deep.pbtxt", NestedFuncAttr(200)), "text format error");
  // Binary: the same message nested 200 deep.
  tensorflow::GraphDef g;
  auto* n = g.add_node();
  n->set_name("a");
  n->set_op("NoOp");
  tensorflow::AttrValue* v = &(*n->mutable_attr())["f"];
  for (int i = 0; i < 200; ++i) v = &(*v->mutable_func()->mutable_attr())["f"];
  v->set_i(1);
  ExpectInputError(t.Write("deep.pb", g.SerializeAsString()), "nested deeper than 64 levels");
  // Shallow nesting is fine.
  EXPECT_TRUE(graph::ParseGraphBytes(NestedFuncAttr(5), "shallow.pbtxt"));
}

TEST(GraphBadInput, FunctionLibraryNesting) {
  TempDir t;
  auto chain = [](int n, bool recursive) {
    std::string s = "node { name: \"call\" op: \"f0\" }\nlibrary {\n";
    for (int i = 0; i < n; ++i) {
      s += "  function { signature { name: \"f" + std::to_string(i) + "\" }";
      if (i + 1 < n || recursive)
        s += " node_def { name: \"c\" op: \"f" + std::to_string(recursive && i + 1 == n ? 0 : i + 1) + "\" }";
      s += " }\n";
    }
    return s + "}\n";
  };
  ExpectInputError(t.Write("deep.pbtxt", chain(40, false)), "nests function calls 33 deep (limit 32)");
  ExpectInputError(t.Write("rec.pbtxt", chain(3, true)), "calls itself");
  auto ok = graph::ParseGraphBytes(chain(5, false), "ok.pbtxt");
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->meta_graphs[0].functions.size(), 5u);
}

// The bounded fuzz run: deterministic mutations of every committed test graph
// through the fuzz entry point. Time-boxed so CI stays fast.
TEST(GraphFuzzReplay, MutatedCorpus) {
  std::vector<std::string> corpus;
  for (const auto& e : fs::recursive_directory_iterator(SourceDir() / "testdata/graphs")) {
    if (!e.is_regular_file()) continue;
    std::string ext = e.path().extension().string();
    std::string name = e.path().filename().string();
    if (name == "fingerprint.pb" || name == "keras_metadata.pb") continue;  // SavedModel side files
    if (ext == ".pb" || ext == ".pbtxt" || ext == ".meta") corpus.push_back(ReadFile(e.path()));
  }
  ASSERT_GE(corpus.size(), 8u);
  std::mt19937 rng(20261202);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int runs = 0, parsed = 0;
  for (const auto& c : corpus) parsed += fuzz::GraphFuzzOne(reinterpret_cast<const uint8_t*>(c.data()), c.size());
  EXPECT_EQ(parsed, static_cast<int>(corpus.size())) << "every unmutated corpus file must parse";
  while (runs < 4000 && std::chrono::steady_clock::now() < deadline) {
    std::string m = corpus[rng() % corpus.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits && !m.empty(); ++k) {
      size_t pos = rng() % m.size();
      switch (rng() % 5) {
        case 0: m[pos] = static_cast<char>(m[pos] ^ (1 << (rng() % 8))); break;      // bit flip
        case 1: m.resize(pos); break;                                                   // truncate
        case 2: m.insert(pos, 1, static_cast<char>(rng())); break;                      // insert a byte
        case 3: m.erase(pos, std::min<size_t>(m.size() - pos, 1 + rng() % 16)); break;  // delete a run
        case 4: m[pos] = static_cast<char>(0xff); break;                                // huge varint byte
      }
    }
    fuzz::GraphFuzzOne(reinterpret_cast<const uint8_t*>(m.data()), m.size());
    ++runs;
  }
  EXPECT_GT(runs, 200);
}

}  // namespace
}  // namespace tfm

namespace tfm {
namespace {

// The kind comes from the content; the file name only orders the guesses.
TEST(GraphDetect, KindByContentNotName) {
  using testing_support::ReadFile;
  using testing_support::SourceDir;
  struct Case {
    const char* file;
    const char* misleading_name;
    graph::FileKind kind;
  };
  const Case cases[] = {
      {"testdata/graphs/variables.meta", "graph.pb", graph::FileKind::kMetaGraphDef},
      {"testdata/graphs/variables.meta", "saved_model.pb", graph::FileKind::kMetaGraphDef},
      {"testdata/graphs/dense.pb", "model.meta", graph::FileKind::kGraphDef},
      {"testdata/graphs/dense.pb", "saved_model.pb", graph::FileKind::kGraphDef},
      {"testdata/graphs/saved_model_v1/saved_model.pb", "frozen.pb", graph::FileKind::kSavedModel},
      {"testdata/graphs/saved_model_v1/saved_model.pb", "x.meta", graph::FileKind::kSavedModel},
      {"testdata/graphs/tf2_function/saved_model.pb", "model.graphdef", graph::FileKind::kSavedModel},
      {"testdata/graphs/variables_meta.pbtxt", "graph.pbtxt", graph::FileKind::kMetaGraphDef},
      {"testdata/graphs/dense.pbtxt", "model.meta", graph::FileKind::kGraphDef},
  };
  for (const auto& c : cases) {
    auto f = graph::ParseGraphBytes(ReadFile(SourceDir() / c.file), c.misleading_name, {}, c.misleading_name);
    ASSERT_TRUE(f) << c.file << " as " << c.misleading_name << ": " << f.error().message;
    EXPECT_EQ(f->kind, c.kind) << c.file << " as " << c.misleading_name;
    EXPECT_GT(f->NodeCount(), 0u) << c.file;
  }
  // A SavedModel in text format (saved_model.pbtxt) with node lines.
  auto sm = graph::ParseGraphBytes(
      "saved_model_schema_version: 1\n"
      "meta_graphs {\n"
      "  meta_info_def { tags: \"serve\" }\n"
      "  graph_def {\n"
      "    node { name: \"x\" op: \"Placeholder\" attr { key: \"dtype\" value { type: DT_FLOAT } } }\n"
      "    node { name: \"v\" op: \"VariableV2\" attr { key: \"shape\" value { shape { dim { size: 2 } } } }"
      " attr { key: \"dtype\" value { type: DT_FLOAT } } }\n"
      "  }\n"
      "}\n",
      "saved_model.pbtxt");
  ASSERT_TRUE(sm) << sm.error().message;
  EXPECT_EQ(sm->kind, graph::FileKind::kSavedModel);
  EXPECT_EQ(sm->encoding, graph::Encoding::kText);
  ASSERT_EQ(sm->meta_graphs.size(), 1u);
  EXPECT_EQ(sm->meta_graphs[0].tags, std::vector<std::string>{"serve"});
  EXPECT_EQ(sm->meta_graphs[0].graph.Find("v")->line, 6u);
  EXPECT_EQ(sm->meta_graphs[0].graph.Find("x")->line, 5u);
}

TEST(GraphModel, InputsControlEdgesAndFrames) {
  auto f = graph::LoadGraphFile((testing_support::SourceDir() / "testdata/graphs/while_cond.pbtxt").string());
  ASSERT_TRUE(f) << f.error().message;
  const graph::Graph& g = f->meta_graphs[0].graph;
  ASSERT_EQ(g.frames.size(), 2u);
  EXPECT_EQ(g.frames[1].name, "loop/while_context");
  const graph::Node* cond = g.Find("loop/LoopCond");
  ASSERT_TRUE(cond);
  EXPECT_EQ(cond->frame, 1);
  const graph::Node* exit = g.Find("loop/Exit_1");
  ASSERT_TRUE(exit);
  EXPECT_EQ(exit->frame, 1);
  // Consumers of Exit are back in the root frame.
  for (const auto& n : g.nodes)
    for (const auto& in : n.inputs)
      if (in.id >= 0 && g.nodes[in.id].op == "Exit") {
        EXPECT_EQ(n.frame, 0) << n.name;
      }
  graph::Input c = graph::ParseInput("^loop/Identity");
  EXPECT_TRUE(c.control);
  EXPECT_EQ(c.node, "loop/Identity");
  graph::Input p = graph::ParseInput("split:1");
  EXPECT_EQ(p.node, "split");
  EXPECT_EQ(p.port, "1");
}

}  // namespace
}  // namespace tfm

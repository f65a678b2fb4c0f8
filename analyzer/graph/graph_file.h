// Graph front end: reads a TensorFlow graph file (GraphDef, MetaGraphDef or
// SavedModel; binary or text format, recognised by content) into a graph model that
// rules (analyzer/checks/tfm7xx_*) and the runtime share.
//
//   auto f = tfm::graph::LoadGraphFile("model/saved_model.pb");   // or a SavedModel dir
//   if (!f) { fmt::print("{}\n", f.error().message); return 2; }   // one line, exit 2
//   for (const auto& mg : f->meta_graphs)
//     for (const auto& n : mg.graph.nodes) use(n.name, n.op, n.inputs, mg.graph.FrameOf(n));
//
// Every problem with the input comes back as an InputError: unreadable, too large,
// not a graph file, truncated/corrupt protobuf, text syntax error (line:column),
// duplicate or missing node names, cycles outside v1 loop frames, attrs of the wrong
// type, tensors claiming absurd sizes, runaway function nesting. Limits are explicit
// (LoadLimits) and checked before anything proportional to a claimed size is
// allocated; protobuf's recursion and size limits are set on every parse.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/graph/proto/tensorflow_graph.pb.h"
#include "analyzer/source/source.h"

namespace tfm::graph {

enum class FileKind { kGraphDef, kMetaGraphDef, kSavedModel };
enum class Encoding { kBinary, kText };
std::string_view FileKindName(FileKind k);

struct LoadLimits {
  uint64_t max_bytes = 32ull << 20;         // file size
  uint64_t max_nodes = 1'000'000;           // nodes in all graphs and function bodies
  int recursion_limit = 64;                 // protobuf message nesting
  uint64_t max_tensor_elements = 1ull << 31;  // elements one tensor attr may claim
  int max_function_depth = 32;              // nesting of function calls in the library
};

// One input of a node: "name", "name:2" or "^name" (control edge). In function
// bodies the form is "node:output_arg:index" or an argument name.
struct Input {
  std::string node;  // producing node (or function argument) name
  std::string port;  // after the first ':' ("0" in graphs; "output:0" in function bodies)
  bool control = false;
  int id = -1;       // index of the producing node in Graph::nodes, -1 for arguments
};
Input ParseInput(std::string_view s);

struct Node {
  std::string name;
  std::string op;
  std::string device;
  std::vector<Input> inputs;
  const tensorflow::NodeDef* def = nullptr;  // owned by GraphFile::message
  int frame = 0;         // index into Graph::frames; 0 is the root frame
  uint32_t line = 0;     // 1-based line of the node in a text file; 0 in binary files
  uint32_t column = 0;   // 1-based
};

// A v1 control-flow frame (tf.while_loop before control flow v2): nodes between the
// Enter nodes naming it and its Exit nodes.
struct Frame {
  std::string name;      // Enter's frame_name attr; "" for the root frame
  int parent = -1;
  std::vector<int> nodes;  // node indices in this frame (not in nested frames)
};

// A node list: the main graph or one function body.
struct Graph {
  std::string function;  // "" for the main graph
  std::vector<Node> nodes;
  std::unordered_map<std::string, int> index;  // name -> node index
  std::vector<std::string> args;               // function argument names
  std::vector<Frame> frames;                    // [0] is the root frame
  const Node* Find(std::string_view name) const;
};

struct Collection {
  std::string key;
  std::string kind;  // node_list, bytes_list, int64_list, float_list, any_list
  size_t size = 0;
  std::vector<std::string> items;  // node_list / bytes_list values (first 8)
  uint32_t line = 0;
};

struct Signature {
  std::string key;
  std::string method;
  std::vector<std::string> inputs, outputs;  // "key -> tensor"
};

// A graph with its meta data. A GraphDef file has one with has_meta == false; a
// SavedModel has one per tag set.
struct MetaGraph {
  bool has_meta = false;
  std::vector<std::string> tags;
  std::string tensorflow_version;
  Graph graph;
  std::vector<Graph> functions;  // library functions, in file order
  std::vector<Collection> collections;  // file order
  std::vector<Signature> signatures;    // sorted by key
  bool has_saver = false;
  size_t object_graph_nodes = 0;        // TF2 SavedObjectGraph size
  size_t object_graph_functions = 0;
  int producer = 0;
  int min_consumer = 0;
  uint32_t line = 0;  // text files: line of the meta graph (or 1)
  const tensorflow::GraphDef* graph_def = nullptr;
  const tensorflow::MetaGraphDef* meta_def = nullptr;  // null for GraphDef files
};

struct GraphFile {
  std::string path;  // display path
  FileKind kind = FileKind::kGraphDef;
  Encoding encoding = Encoding::kBinary;
  std::vector<MetaGraph> meta_graphs;
  std::shared_ptr<google::protobuf::Message> message;  // the parsed file; owns every def pointer
  std::shared_ptr<const SourceFile> text;  // text files: the text (code frames); null otherwise
  size_t NodeCount() const;
};

// Whether a path names something LoadGraphFile accepts by its name: a file ending in
// .pb .pbtxt .meta .graphdef, or a directory holding saved_model.pb(txt).
bool LooksLikeGraphPath(const std::string& path);

// Loads a graph file or SavedModel directory. `display` is the path messages show.
Result<GraphFile> LoadGraphFile(const std::string& path, const LoadLimits& limits = {}, std::string display = {});
// Parses bytes already in memory; `name_hint` (a file name) only orders the guesses.
Result<GraphFile> ParseGraphBytes(std::string bytes, const std::string& display, const LoadLimits& limits = {},
                                  std::string_view name_hint = {});

// True when the InputError came from content that is not a TensorFlow graph at all
// (used to skip unrelated .pb/.pbtxt files found while walking directories).
bool IsNotAGraphError(const InputError& e);

// Op-type helpers shared by rules and the summary.
bool IsV1ControlFlowOp(std::string_view op);
bool IsRefVariableOp(std::string_view op);       // VariableV2, Variable, TemporaryVariable
bool IsResourceVariableOp(std::string_view op);  // VarHandleOp
bool IsQueueOrReaderOp(std::string_view op);

}  // namespace tfm::graph

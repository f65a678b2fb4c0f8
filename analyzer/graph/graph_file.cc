#include "analyzer/graph/graph_file.h"

#include <fmt/format.h>
#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace tfm::graph {
namespace fs = std::filesystem;
namespace pb = google::protobuf;

namespace {

constexpr std::string_view kNotAGraph = "not a TensorFlow graph file";

InputError Err(const std::string& display, std::string msg) { return InputError{display, display + ": " + msg}; }

// ---- binary wire scanning (no allocation proportional to claimed sizes) ------------

struct WireField {
  uint32_t number;
  int wire_type;
  std::string_view payload;  // LEN fields only
};

// Reads the top-level fields of a message. Returns false (with the byte offset of
// the problem) when the bytes are not well-formed protobuf wire format.
bool ScanFields(std::string_view data, const std::function<void(const WireField&)>& fn, size_t* bad_offset) {
  pb::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()), static_cast<int>(data.size()));
  while (true) {
    size_t at = static_cast<size_t>(in.CurrentPosition());
    uint32_t tag = in.ReadTag();
    if (tag == 0) {
      if (static_cast<size_t>(in.CurrentPosition()) != data.size()) {
        *bad_offset = at;
        return false;
      }
      return true;
    }
    WireField f{tag >> 3, static_cast<int>(tag & 7), {}};
    if (f.number == 0) {
      *bad_offset = at;
      return false;
    }
    switch (f.wire_type) {
      case 0: {
        uint64_t v;
        if (!in.ReadVarint64(&v)) {
          *bad_offset = at;
          return false;
        }
        break;
      }
      case 1: {
        uint64_t v;
        if (!in.ReadLittleEndian64(&v)) {
          *bad_offset = at;
          return false;
        }
        break;
      }
      case 2: {
        uint32_t len;
        if (!in.ReadVarint32(&len)) {
          *bad_offset = at;
          return false;
        }
        size_t pos = static_cast<size_t>(in.CurrentPosition());
        if (len > data.size() - pos) {
          *bad_offset = at;
          return false;
        }
        f.payload = data.substr(pos, len);
        if (!in.Skip(static_cast<int>(len))) {
          *bad_offset = at;
          return false;
        }
        break;
      }
      case 5: {
        uint32_t v;
        if (!in.ReadLittleEndian32(&v)) {
          *bad_offset = at;
          return false;
        }
        break;
      }
      default:  // groups (3, 4) never appear in TensorFlow's protos
        *bad_offset = at;
        return false;
    }
    fn(f);
  }
}

// Top-level shape of the three kinds: allowed (field number -> wire type).
bool FieldsFit(std::string_view data, FileKind kind) {
  bool ok = true, any = false, has_graph_part = false;
  size_t bad = 0;
  bool wf = ScanFields(
      data,
      [&](const WireField& f) {
        any = true;
        switch (kind) {
          case FileKind::kGraphDef:
            if (f.number == 3) ok &= f.wire_type == 0;
            else if (f.number >= 1 && f.number <= 5) ok &= f.wire_type == 2;
            else ok = false;
            if (f.number == 1 || f.number == 4) has_graph_part = true;
            break;
          case FileKind::kMetaGraphDef:
            ok &= f.number >= 1 && f.number <= 7 && f.wire_type == 2;
            if (f.number == 1 || f.number == 2) has_graph_part = true;
            break;
          case FileKind::kSavedModel:
            if (f.number == 1) ok &= f.wire_type == 0;
            else if (f.number == 2) ok &= f.wire_type == 2, has_graph_part = true;
            else ok = false;
            break;
        }
      },
      &bad);
  return wf && ok && any && has_graph_part;
}

// Counts NodeDefs (graph nodes and function body nodes) without parsing them.
uint64_t CountGraphDefNodes(std::string_view graph_def) {
  uint64_t n = 0;
  size_t bad;
  ScanFields(
      graph_def,
      [&](const WireField& f) {
        if (f.number == 1 && f.wire_type == 2) ++n;
        if (f.number == 2 && f.wire_type == 2) {  // library
          ScanFields(
              f.payload,
              [&](const WireField& lib) {
                if (lib.number == 1 && lib.wire_type == 2)  // FunctionDef
                  ScanFields(
                      lib.payload, [&](const WireField& fd) { n += fd.number == 3 && fd.wire_type == 2; }, &bad);
              },
              &bad);
        }
      },
      &bad);
  return n;
}

uint64_t CountNodes(std::string_view data, FileKind kind) {
  size_t bad;
  uint64_t n = 0;
  auto meta = [&](std::string_view m) {
    ScanFields(
        m, [&](const WireField& f) { if (f.number == 2 && f.wire_type == 2) n += CountGraphDefNodes(f.payload); }, &bad);
  };
  switch (kind) {
    case FileKind::kGraphDef: return CountGraphDefNodes(data);
    case FileKind::kMetaGraphDef: meta(data); return n;
    case FileKind::kSavedModel:
      ScanFields(data, [&](const WireField& f) { if (f.number == 2 && f.wire_type == 2) meta(f.payload); }, &bad);
      return n;
  }
  return n;
}

// Unknown fields where a wrong guess of the kind leaves them: the top level, the
// graph's nodes and the meta graph's parts. (A full reflection walk would also sync
// every attr map into its repeated form, which costs more than the parse.)
bool Unknown(const pb::Message& m) { return !m.GetReflection()->GetUnknownFields(m).empty(); }

bool GraphHasUnknown(const tensorflow::GraphDef& g) {
  if (Unknown(g) || Unknown(g.library())) return true;
  for (const auto& n : g.node())
    if (Unknown(n)) return true;
  return false;
}

bool MetaHasUnknown(const tensorflow::MetaGraphDef& m) {
  return Unknown(m) || Unknown(m.meta_info_def()) ||
         Unknown(m.saver_def()) || GraphHasUnknown(m.graph_def());
}

bool HasUnknownFieldsShallow(const pb::Message& m, FileKind k) {
  switch (k) {
    case FileKind::kGraphDef: return GraphHasUnknown(static_cast<const tensorflow::GraphDef&>(m));
    case FileKind::kMetaGraphDef: return MetaHasUnknown(static_cast<const tensorflow::MetaGraphDef&>(m));
    case FileKind::kSavedModel: {
      const auto& sm = static_cast<const tensorflow::SavedModel&>(m);
      if (Unknown(sm)) return true;
      for (const auto& mg : sm.meta_graphs())
        if (MetaHasUnknown(mg)) return true;
      return false;
    }
  }
  return false;
}

// The parsed message lives on an arena (allocation during parsing is a pointer bump
// and the whole tree is freed at once); the shared_ptr keeps the arena alive.
std::shared_ptr<pb::Message> NewMessage(FileKind k) {
  auto arena = std::make_shared<pb::Arena>();
  pb::Message* m = nullptr;
  switch (k) {
    case FileKind::kGraphDef: m = pb::Arena::CreateMessage<tensorflow::GraphDef>(arena.get()); break;
    case FileKind::kMetaGraphDef: m = pb::Arena::CreateMessage<tensorflow::MetaGraphDef>(arena.get()); break;
    case FileKind::kSavedModel: m = pb::Arena::CreateMessage<tensorflow::SavedModel>(arena.get()); break;
  }
  return std::shared_ptr<pb::Message>(arena, m);
}

bool ParseBinary(std::string_view data, pb::Message* m, const LoadLimits& limits) {
  pb::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()), static_cast<int>(data.size()));
  in.SetRecursionLimit(limits.recursion_limit);
  in.SetTotalBytesLimit(static_cast<int>(std::min<uint64_t>(limits.max_bytes, std::numeric_limits<int>::max())));
  return m->MergePartialFromCodedStream(&in) && in.ConsumedEntireMessage() &&
         static_cast<size_t>(in.CurrentPosition()) == data.size();
}

bool Plausible(const pb::Message& m, FileKind k) {
  switch (k) {
    case FileKind::kGraphDef: {
      const auto& g = static_cast<const tensorflow::GraphDef&>(m);
      if (g.node_size() == 0 && !g.has_versions()) return false;
      for (const auto& n : g.node())
        if (n.op().empty()) return false;
      return true;
    }
    case FileKind::kMetaGraphDef: {
      const auto& mg = static_cast<const tensorflow::MetaGraphDef&>(m);
      return mg.has_graph_def() || mg.has_meta_info_def();
    }
    case FileKind::kSavedModel: return static_cast<const tensorflow::SavedModel&>(m).meta_graphs_size() > 0;
  }
  return false;
}

// ---- text format ---------------------------------------------------------------

bool LooksLikeText(std::string_view s) {
  size_t n = std::min<size_t>(s.size(), 4096);
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) return false;
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') return false;
  }
  // Skip leading whitespace: binary protos start with a tag byte, text with a letter or '#'.
  size_t i = s.find_first_not_of(" \t\r\n\f\v");
  if (i == std::string_view::npos) return true;
  char c = s[i];
  return std::isalpha(static_cast<unsigned char>(c)) || c == '#' || c == '{' || c == '<' || c == '"';
}

// The first field name at the top level of a text-format message (comments skipped).
std::string FirstTextField(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      break;
    }
  }
  size_t j = i;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
  return std::string(s.substr(i, j - i));
}

std::optional<FileKind> KindOfTextField(std::string_view f) {
  static const std::array<std::string_view, 5> graph = {"node", "versions", "version", "library", "debug_info"};
  static const std::array<std::string_view, 7> meta = {"meta_info_def", "graph_def",      "saver_def",
                                                       "collection_def", "signature_def", "asset_file_def",
                                                       "object_graph_def"};
  for (auto g : graph)
    if (f == g) return FileKind::kGraphDef;
  for (auto m : meta)
    if (f == m) return FileKind::kMetaGraphDef;
  if (f == "saved_model_schema_version" || f == "meta_graphs") return FileKind::kSavedModel;
  return std::nullopt;
}

class FirstError : public pb::io::ErrorCollector {
 public:
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    if (!has) {
      has = true;
      this->line = line;
      this->column = column;
      this->message = message;
    }
  }
  void AddWarning(int, pb::io::ColumnNumber, const std::string&) override {}
  bool has = false;
  int line = 0;
  int column = 0;
  std::string message;
};

// Upper bound of the node entries in a text file (`node {` / `node_def {`, also
// `<` and `:` forms), counted before parsing so a huge text graph is refused first.
uint64_t CountTextNodes(std::string_view s) {
  uint64_t n = 0;
  for (size_t pos = s.find("node"); pos != std::string_view::npos; pos = s.find("node", pos + 4)) {
    if (pos > 0 && (std::isalnum(static_cast<unsigned char>(s[pos - 1])) || s[pos - 1] == '_')) continue;
    size_t p = pos + 4;
    if (s.substr(p, 4) == "_def") p += 4;
    while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')) ++p;
    if (p < s.size() && (s[p] == '{' || s[p] == '<' || s[p] == ':')) ++n;
  }
  return n;
}

// ---- model building and validation ---------------------------------------------

using Tree = pb::TextFormat::ParseInfoTree;

const pb::FieldDescriptor* FieldOf(const pb::Descriptor* d, const char* name) { return d->FindFieldByName(name); }

const Tree* Nested(const Tree* t, const pb::Descriptor* d, const char* field, int index) {
  if (!t) return nullptr;
  return const_cast<Tree*>(t)->GetTreeForNested(FieldOf(d, field), index);
}

void SetLine(const Tree* t, const pb::Descriptor* d, const char* field, int index, uint32_t* line, uint32_t* col) {
  if (!t) return;
  auto loc = t->GetLocation(FieldOf(d, field), index);
  if (loc.line >= 0) {
    *line = static_cast<uint32_t>(loc.line) + 1;
    if (col) *col = static_cast<uint32_t>(loc.column) + 1;
  }
}

std::string_view AttrKindName(tensorflow::AttrValue::ValueCase c) {
  switch (c) {
    case tensorflow::AttrValue::kS: return "a string";
    case tensorflow::AttrValue::kI: return "an int";
    case tensorflow::AttrValue::kF: return "a float";
    case tensorflow::AttrValue::kB: return "a bool";
    case tensorflow::AttrValue::kType: return "a type";
    case tensorflow::AttrValue::kShape: return "a shape";
    case tensorflow::AttrValue::kTensor: return "a tensor";
    case tensorflow::AttrValue::kList: return "a list";
    case tensorflow::AttrValue::kFunc: return "a function";
    case tensorflow::AttrValue::kPlaceholder: return "a placeholder";
    case tensorflow::AttrValue::VALUE_NOT_SET: return "empty";
  }
  return "unknown";
}

// Bytes per element of fixed-size types (0: variable size or not a plain value type).
int DtypeSize(tensorflow::DataType t) {
  using namespace tensorflow;
  switch (t) {
    case DT_FLOAT: case DT_INT32: case DT_UINT32: case DT_QINT32: return 4;
    case DT_DOUBLE: case DT_INT64: case DT_UINT64: case DT_COMPLEX64: return 8;
    case DT_COMPLEX128: return 16;
    case DT_UINT8: case DT_INT8: case DT_BOOL: case DT_QINT8: case DT_QUINT8: return 1;
    case DT_INT16: case DT_UINT16: case DT_HALF: case DT_BFLOAT16: case DT_QINT16: case DT_QUINT16: return 2;
    default: return 0;
  }
}

struct Validator {
  const LoadLimits& limits;
  std::string where;  // "node `x` (Const)"
  std::string error;

  bool Fail(std::string msg) {
    if (error.empty()) error = std::move(msg);
    return false;
  }

  bool Shape(const tensorflow::TensorShapeProto& s, bool tensor, uint64_t* elements) {
    if (s.dim_size() > 254) return Fail(fmt::format("{}: shape has rank {} (TensorFlow allows at most 254)", where, s.dim_size()));
    uint64_t n = 1;
    bool overflow = false;
    for (const auto& d : s.dim()) {
      if (d.size() < (tensor ? 0 : -1))
        return Fail(fmt::format("{}: shape has a negative dimension {}", where, d.size()));
      if (d.size() < 0) continue;
      uint64_t sz = static_cast<uint64_t>(d.size());
      if (sz != 0 && n > std::numeric_limits<uint64_t>::max() / sz) overflow = true;
      else n *= sz;
    }
    if (elements) *elements = overflow ? std::numeric_limits<uint64_t>::max() : n;
    return true;
  }

  std::string DimsText(const tensorflow::TensorShapeProto& s) {
    std::string out = "[";
    for (int i = 0; i < s.dim_size(); ++i) out += (i ? ", " : "") + std::to_string(s.dim(i).size());
    return out + "]";
  }

  bool Tensor(const tensorflow::TensorProto& t) {
    uint64_t n = 0;
    if (!Shape(t.tensor_shape(), true, &n)) return false;
    if (n > limits.max_tensor_elements)
      return Fail(fmt::format("{}: tensor of shape {} claims {} elements (limit {}); refused before allocating it",
                              where, DimsText(t.tensor_shape()),
                              n == std::numeric_limits<uint64_t>::max() ? std::string("more than 2^64") : std::to_string(n),
                              limits.max_tensor_elements));
    int es = DtypeSize(t.dtype());
    if (!t.tensor_content().empty() && es > 0 && t.tensor_content().size() != n * static_cast<uint64_t>(es))
      return Fail(fmt::format("{}: tensor_content has {} bytes but shape {} of {} needs {}", where,
                              t.tensor_content().size(), DimsText(t.tensor_shape()),
                              tensorflow::DataType_Name(t.dtype()), n * static_cast<uint64_t>(es)));
    return true;
  }

  bool Attr(const tensorflow::AttrValue& v) {
    switch (v.value_case()) {
      case tensorflow::AttrValue::kShape: return Shape(v.shape(), false, nullptr);
      case tensorflow::AttrValue::kTensor: return Tensor(v.tensor());
      case tensorflow::AttrValue::kList:
        for (const auto& s : v.list().shape())
          if (!Shape(s, false, nullptr)) return false;
        for (const auto& t : v.list().tensor())
          if (!Tensor(t)) return false;
        for (const auto& f : v.list().func())
          for (const auto& [k, a] : f.attr())
            if (!Attr(a)) return false;
        return true;
      case tensorflow::AttrValue::kFunc:  // attrs bound to a function call (depth bounded by the parse limit)
        for (const auto& [k, a] : v.func().attr())
          if (!Attr(a)) return false;
        return true;
      default: return true;
    }
  }

  // Attrs whose type TensorFlow fixes for every op that has them.
  bool AttrTypes(const tensorflow::NodeDef& n) {
    using C = tensorflow::AttrValue;
    static const std::array<std::pair<std::string_view, C::ValueCase>, 12> kTyped = {{
        {"dtype", C::kType}, {"T", C::kType}, {"SrcT", C::kType}, {"DstT", C::kType}, {"out_type", C::kType},
        {"Tidx", C::kType}, {"Tindices", C::kType}, {"frame_name", C::kS}, {"container", C::kS},
        {"shared_name", C::kS}, {"is_constant", C::kB}, {"parallel_iterations", C::kI},
    }};
    for (const auto& [key, value] : n.attr()) {
      for (const auto& [name, want] : kTyped) {
        if (key != name) continue;
        // Type attrs are list(type) on some ops (Assert's `T`).
        bool list_ok = want == C::kType && value.value_case() == C::kList;
        if (value.value_case() != want && value.value_case() != C::kPlaceholder && !list_ok)
          return Fail(fmt::format("{}: attr `{}` must be {}, found {}", where, name,
                                  want == C::kType ? "a type or a list of types" : AttrKindName(want),
                                  AttrKindName(value.value_case())));
      }
    }
    auto need = [&](const char* attr, C::ValueCase want) {
      auto it = n.attr().find(attr);
      if (it == n.attr().end()) return Fail(fmt::format("{}: missing attr `{}`", where, attr));
      if (it->second.value_case() != want && it->second.value_case() != C::kPlaceholder)
        return Fail(fmt::format("{}: attr `{}` must be {}, found {}", where, attr, AttrKindName(want),
                                AttrKindName(it->second.value_case())));
      return true;
    };
    if (n.op() == "Const" && (!need("value", C::kTensor) || !need("dtype", C::kType))) return false;
    if ((n.op() == "Enter" || n.op() == "RefEnter") && !need("frame_name", C::kS)) return false;
    if ((n.op() == "VariableV2" || n.op() == "VarHandleOp") && !need("shape", C::kShape)) return false;
    for (const auto& [k, v] : n.attr())
      if (!Attr(v)) return false;
    return true;
  }
};

std::string NodeWhere(const tensorflow::NodeDef& n, const std::string& function) {
  if (function.empty()) return fmt::format("node `{}` ({})", n.name(), n.op());
  return fmt::format("node `{}` ({}) in function `{}`", n.name(), n.op(), function);
}

// Builds a Graph from a node list; returns an error message or "".
std::string BuildGraph(const pb::RepeatedPtrField<tensorflow::NodeDef>& defs, const std::string& function,
                       const std::vector<std::string>& args, const Tree* tree, const pb::Descriptor* list_owner,
                       const char* list_field, const LoadLimits& limits, Graph* g) {
  g->function = function;
  g->args = args;
  g->nodes.resize(defs.size());
  g->index.reserve(defs.size());
  std::string in_fn = function.empty() ? "" : fmt::format(" in function `{}`", function);
  for (int i = 0; i < defs.size(); ++i) {
    const auto& d = defs[i];
    Node& n = g->nodes[i];
    n.def = &d;
    n.name = d.name();
    n.op = d.op();
    n.device = d.device();
    SetLine(tree, list_owner, list_field, i, &n.line, &n.column);
    if (n.name.empty()) return fmt::format("node #{}{} has an empty name", i, in_fn);
    if (n.op.empty()) return fmt::format("node `{}`{} has no op", n.name, in_fn);
    if (!g->index.emplace(n.name, i).second) return fmt::format("duplicate node name `{}`{}", n.name, in_fn);
  }
  std::set<std::string_view> arg_set(args.begin(), args.end());
  for (int i = 0; i < defs.size(); ++i) {
    Node& n = g->nodes[i];
    Validator v{limits, NodeWhere(defs[i], function), {}};
    if (!v.AttrTypes(defs[i])) return v.error;
    n.inputs.reserve(defs[i].input_size());
    for (const auto& s : defs[i].input()) {
      Input in = ParseInput(s);
      if (in.node.empty()) return fmt::format("{}: empty input name", v.where);
      auto it = g->index.find(in.node);
      if (it != g->index.end()) {
        in.id = it->second;
      } else if (!arg_set.count(in.node)) {
        return fmt::format("{}: input `{}` names a node that does not exist", v.where, s);
      }
      n.inputs.push_back(std::move(in));
    }
  }
  // Cycles: a topological order that ignores NextIteration back edges must cover every node.
  size_t count = g->nodes.size();
  std::vector<int> pending(count, 0);
  std::vector<std::vector<int>> out(count);
  for (size_t i = 0; i < count; ++i)
    for (const auto& in : g->nodes[i].inputs) {
      if (in.id < 0) continue;
      const std::string& src_op = g->nodes[in.id].op;
      if (src_op == "NextIteration" || src_op == "RefNextIteration") continue;
      ++pending[i];
      out[in.id].push_back(static_cast<int>(i));
    }
  std::vector<int> order;
  order.reserve(count);
  for (size_t i = 0; i < count; ++i)
    if (pending[i] == 0) order.push_back(static_cast<int>(i));
  for (size_t k = 0; k < order.size(); ++k)
    for (int o : out[order[k]])
      if (--pending[o] == 0) order.push_back(o);
  if (order.size() != count) {
    // Walk inputs among the remaining nodes until one repeats: that is a cycle.
    int start = 0;
    while (pending[start] == 0) ++start;
    std::vector<int> path;
    std::vector<int> seen_at(count, -1);
    int cur = start;
    while (seen_at[cur] < 0) {
      seen_at[cur] = static_cast<int>(path.size());
      path.push_back(cur);
      int next = -1;
      for (const auto& in : g->nodes[cur].inputs)
        if (in.id >= 0 && pending[in.id] > 0) {
          const std::string& src_op = g->nodes[in.id].op;
          if (src_op == "NextIteration" || src_op == "RefNextIteration") continue;
          next = in.id;
          break;
        }
      if (next < 0) break;
      cur = next;
    }
    std::string cycle;
    for (size_t k = static_cast<size_t>(std::max(0, seen_at[cur])); k < path.size(); ++k)
      cycle += fmt::format("`{}` <- ", g->nodes[path[k]].name);
    cycle += fmt::format("`{}`", g->nodes[cur].name);
    return fmt::format("cycle outside a while-loop frame{}: {} (only NextIteration may close a loop)", in_fn, cycle);
  }
  // Frames, in topological order.
  g->frames.clear();
  g->frames.push_back(Frame{"", -1, {}});
  std::map<std::pair<int, std::string>, int> frame_ids;  // (parent, name) -> frame
  for (int i : order) {
    Node& n = g->nodes[i];
    int f = 0;
    const Input* first = nullptr;
    for (const auto& in : n.inputs)
      if (in.id >= 0 && (!first || (first->control && !in.control))) first = &in;
    if (first) {
      const Node& src = g->nodes[first->id];
      f = src.frame;
      if (src.op == "Exit" || src.op == "RefExit") f = std::max(0, g->frames[f].parent);
    }
    if (n.op == "Enter" || n.op == "RefEnter") {
      std::string fname = n.def->attr().at("frame_name").s();
      auto key = std::make_pair(f, fname);
      auto it = frame_ids.find(key);
      if (it == frame_ids.end()) {
        it = frame_ids.emplace(key, static_cast<int>(g->frames.size())).first;
        g->frames.push_back(Frame{fname, f, {}});
      }
      f = it->second;
    }
    n.frame = f;
  }
  for (size_t i = 0; i < count; ++i) g->frames[g->nodes[i].frame].nodes.push_back(static_cast<int>(i));
  return "";
}

// Function-call nesting: depth of the call graph and recursion.
std::string CheckFunctionNesting(const MetaGraph& mg, const LoadLimits& limits) {
  std::unordered_map<std::string, int> fidx;
  for (size_t i = 0; i < mg.functions.size(); ++i) fidx.emplace(mg.functions[i].function, static_cast<int>(i));
  if (fidx.empty()) return "";
  auto callees = [&](const Graph& g) {
    std::vector<int> out;
    auto add = [&](const std::string& name) {
      auto it = fidx.find(name);
      if (it != fidx.end()) out.push_back(it->second);
    };
    for (const auto& n : g.nodes) {
      add(n.op);
      for (const auto& [k, v] : n.def->attr()) {
        if (v.has_func()) add(v.func().name());
        if (v.has_list())
          for (const auto& f : v.list().func()) add(f.name());
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  std::vector<std::vector<int>> calls(mg.functions.size());
  for (size_t i = 0; i < mg.functions.size(); ++i) calls[i] = callees(mg.functions[i]);
  // Iterative DFS computing the longest call chain from each function.
  std::vector<int> state(calls.size(), 0), depth(calls.size(), 1);
  for (size_t root = 0; root < calls.size(); ++root) {
    if (state[root]) continue;
    std::vector<std::pair<int, size_t>> stack{{static_cast<int>(root), 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto& [f, k] = stack.back();
      if (k < calls[f].size()) {
        int c = calls[f][k++];
        if (state[c] == 1)
          return fmt::format("function `{}` calls itself (through `{}`); recursive functions are not allowed",
                             mg.functions[c].function, mg.functions[f].function);
        if (state[c] == 0) {
          state[c] = 1;
          stack.emplace_back(c, 0);
        }
        continue;
      }
      int d = 1;
      for (int c : calls[f]) d = std::max(d, depth[c] + 1);
      depth[f] = d;
      state[f] = 2;
      if (d > limits.max_function_depth)
        return fmt::format("function `{}` nests function calls {} deep (limit {})", mg.functions[f].function, d,
                           limits.max_function_depth);
      stack.pop_back();
    }
  }
  return "";
}

std::string BuildMetaGraph(const tensorflow::GraphDef& gd, const tensorflow::MetaGraphDef* meta, const Tree* gtree,
                           const Tree* mtree, const LoadLimits& limits, MetaGraph* mg) {
  mg->graph_def = &gd;
  mg->meta_def = meta;
  mg->has_meta = meta != nullptr;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  mg->producer = gd.has_versions() ? gd.versions().producer() : gd.version();  // `version`: pre-VersionDef files
#pragma GCC diagnostic pop
  mg->min_consumer = gd.versions().min_consumer();
  const pb::Descriptor* gdesc = tensorflow::GraphDef::descriptor();
  std::string err = BuildGraph(gd.node(), "", {}, gtree, gdesc, "node", limits, &mg->graph);
  if (!err.empty()) return err;
  const Tree* libtree = Nested(gtree, gdesc, "library", -1);
  std::set<std::string> fnames;
  for (int i = 0; i < gd.library().function_size(); ++i) {
    const auto& f = gd.library().function(i);
    if (f.signature().name().empty()) return fmt::format("function #{} in the library has no name", i);
    if (!fnames.insert(f.signature().name()).second)
      return fmt::format("duplicate function `{}` in the library", f.signature().name());
    std::vector<std::string> args;
    for (const auto& a : f.signature().input_arg()) args.push_back(a.name());
    Graph fg;
    const Tree* ftree = Nested(libtree, tensorflow::FunctionDefLibrary::descriptor(), "function", i);
    err = BuildGraph(f.node_def(), f.signature().name(), args, ftree, tensorflow::FunctionDef::descriptor(),
                     "node_def", limits, &fg);
    if (!err.empty()) return err;
    mg->functions.push_back(std::move(fg));
  }
  err = CheckFunctionNesting(*mg, limits);
  if (!err.empty()) return err;
  if (!meta) return "";
  mg->tags.assign(meta->meta_info_def().tags().begin(), meta->meta_info_def().tags().end());
  mg->tensorflow_version = meta->meta_info_def().tensorflow_version();
  mg->has_saver = meta->has_saver_def();
  mg->object_graph_nodes = static_cast<size_t>(meta->object_graph_def().nodes_size());
  for (const auto& o : meta->object_graph_def().nodes())
    if (o.has_function() || o.has_bare_concrete_function()) ++mg->object_graph_functions;
  // Collections in file order: read the map through reflection (its repeated form
  // keeps the parse order, which is what the text locations are indexed by).
  const pb::Reflection* r = meta->GetReflection();
  const pb::FieldDescriptor* cf = FieldOf(tensorflow::MetaGraphDef::descriptor(), "collection_def");
  int nc = r->FieldSize(*meta, cf);
  for (int i = 0; i < nc; ++i) {
    const pb::Message& entry = r->GetRepeatedMessage(*meta, cf, i);
    const pb::Descriptor* ed = entry.GetDescriptor();
    Collection c;
    c.key = entry.GetReflection()->GetString(entry, ed->FindFieldByName("key"));
    const auto& v = static_cast<const tensorflow::CollectionDef&>(entry.GetReflection()->GetMessage(entry, ed->FindFieldByName("value")));
    switch (v.kind_case()) {
      case tensorflow::CollectionDef::kNodeList:
        c.kind = "node_list", c.size = static_cast<size_t>(v.node_list().value_size());
        for (int k = 0; k < v.node_list().value_size() && k < 8; ++k) c.items.push_back(v.node_list().value(k));
        break;
      case tensorflow::CollectionDef::kBytesList:
        c.kind = "bytes_list", c.size = static_cast<size_t>(v.bytes_list().value_size());
        break;
      case tensorflow::CollectionDef::kInt64List:
        c.kind = "int64_list", c.size = static_cast<size_t>(v.int64_list().value_size());
        break;
      case tensorflow::CollectionDef::kFloatList:
        c.kind = "float_list", c.size = static_cast<size_t>(v.float_list().value_size());
        break;
      case tensorflow::CollectionDef::kAnyList:
        c.kind = "any_list", c.size = static_cast<size_t>(v.any_list().value_size());
        break;
      default: c.kind = "empty";
    }
    SetLine(mtree, tensorflow::MetaGraphDef::descriptor(), "collection_def", i, &c.line, nullptr);
    mg->collections.push_back(std::move(c));
  }
  for (const auto& [key, sig] : meta->signature_def()) {
    Signature s;
    s.key = key;
    s.method = sig.method_name();
    for (const auto& [k, t] : sig.inputs()) s.inputs.push_back(fmt::format("{} -> {}", k, t.name()));
    for (const auto& [k, t] : sig.outputs()) s.outputs.push_back(fmt::format("{} -> {}", k, t.name()));
    std::sort(s.inputs.begin(), s.inputs.end());
    std::sort(s.outputs.begin(), s.outputs.end());
    mg->signatures.push_back(std::move(s));
  }
  std::sort(mg->signatures.begin(), mg->signatures.end(), [](auto& a, auto& b) { return a.key < b.key; });
  return "";
}

std::string BuildFile(GraphFile* f, const Tree* root, const LoadLimits& limits) {
  auto mdesc = tensorflow::MetaGraphDef::descriptor();
  switch (f->kind) {
    case FileKind::kGraphDef: {
      MetaGraph mg;
      mg.line = 1;
      std::string e =
          BuildMetaGraph(static_cast<const tensorflow::GraphDef&>(*f->message), nullptr, root, nullptr, limits, &mg);
      if (!e.empty()) return e;
      f->meta_graphs.push_back(std::move(mg));
      return "";
    }
    case FileKind::kMetaGraphDef: {
      const auto& m = static_cast<const tensorflow::MetaGraphDef&>(*f->message);
      MetaGraph mg;
      mg.line = 1;
      std::string e = BuildMetaGraph(m.graph_def(), &m, Nested(root, mdesc, "graph_def", -1), root, limits, &mg);
      if (!e.empty()) return e;
      f->meta_graphs.push_back(std::move(mg));
      return "";
    }
    case FileKind::kSavedModel: {
      const auto& sm = static_cast<const tensorflow::SavedModel&>(*f->message);
      for (int i = 0; i < sm.meta_graphs_size(); ++i) {
        const Tree* mt = Nested(root, tensorflow::SavedModel::descriptor(), "meta_graphs", i);
        MetaGraph mg;
        mg.line = 1;
        SetLine(root, tensorflow::SavedModel::descriptor(), "meta_graphs", i, &mg.line, nullptr);
        const auto& m = sm.meta_graphs(i);
        std::string e = BuildMetaGraph(m.graph_def(), &m, Nested(mt, mdesc, "graph_def", -1), mt, limits, &mg);
        if (!e.empty()) return sm.meta_graphs_size() > 1 ? fmt::format("meta graph #{}: {}", i, e) : e;
        f->meta_graphs.push_back(std::move(mg));
      }
      return "";
    }
  }
  return "";
}

std::string HumanBytes(uint64_t n) {
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MB", static_cast<double>(n) / 1048576.0);
  if (n >= 1024) return fmt::format("{:.1f} KB", static_cast<double>(n) / 1024.0);
  return fmt::format("{} bytes", n);
}

}  // namespace

std::string_view FileKindName(FileKind k) {
  switch (k) {
    case FileKind::kGraphDef: return "GraphDef";
    case FileKind::kMetaGraphDef: return "MetaGraphDef";
    case FileKind::kSavedModel: return "SavedModel";
  }
  return "?";
}

Input ParseInput(std::string_view s) {
  Input in;
  if (!s.empty() && s[0] == '^') {
    in.control = true;
    s.remove_prefix(1);
  }
  size_t colon = s.find(':');
  in.node = std::string(s.substr(0, colon));
  if (colon != std::string_view::npos) in.port = std::string(s.substr(colon + 1));
  return in;
}

const Node* Graph::Find(std::string_view name) const {
  auto it = index.find(std::string(name));
  return it == index.end() ? nullptr : &nodes[it->second];
}

size_t GraphFile::NodeCount() const {
  size_t n = 0;
  for (const auto& mg : meta_graphs) {
    n += mg.graph.nodes.size();
    for (const auto& f : mg.functions) n += f.nodes.size();
  }
  return n;
}

bool LooksLikeGraphPath(const std::string& path) {
  auto ends = [&](std::string_view suf) {
    return path.size() >= suf.size() && std::string_view(path).substr(path.size() - suf.size()) == suf;
  };
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return fs::exists(fs::path(path) / "saved_model.pb", ec) || fs::exists(fs::path(path) / "saved_model.pbtxt", ec);
  return ends(".pb") || ends(".pbtxt") || ends(".meta") || ends(".graphdef");
}

bool IsNotAGraphError(const InputError& e) { return e.message.find(kNotAGraph) != std::string::npos; }

Result<GraphFile> LoadGraphFile(const std::string& path, const LoadLimits& limits, std::string display) {
  if (display.empty()) display = path;
  fs::path file = path;
  std::error_code ec;
  if (fs::is_directory(file, ec)) {
    if (fs::exists(file / "saved_model.pb", ec)) file /= "saved_model.pb";
    else if (fs::exists(file / "saved_model.pbtxt", ec)) file /= "saved_model.pbtxt";
    else return Err(display, "directory is not a SavedModel (no saved_model.pb or saved_model.pbtxt)");
    display = (fs::path(display) / file.filename()).string();
  }
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return Err(display, "cannot read file");
  if (!S_ISREG(st.st_mode)) return Err(display, "not a regular file");
  uint64_t size = static_cast<uint64_t>(st.st_size);
  if (size > limits.max_bytes)
    return Err(display, fmt::format("file is {}, above the {} limit for graph files (--max-file-size)", HumanBytes(size),
                                    HumanBytes(limits.max_bytes)));
  std::ifstream in(file, std::ios::binary);
  if (!in) return Err(display, "cannot open file");
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<uint64_t>(in.gcount()) != size) return Err(display, "file changed while reading");
  return ParseGraphBytes(std::move(bytes), display, limits, file.filename().string());
}

Result<GraphFile> ParseGraphBytes(std::string bytes, const std::string& display, const LoadLimits& limits,
                                  std::string_view name_hint) {
  // protobuf logs parse problems (invalid UTF-8 in a string field, ...) to stderr;
  // they come back to the caller as one InputError line instead.
  static std::once_flag quiet;
  std::call_once(quiet, [] { pb::SetLogHandler(nullptr); });
  if (bytes.empty()) return Err(display, fmt::format("empty file: {}", kNotAGraph));
  if (bytes.size() > limits.max_bytes)
    return Err(display, fmt::format("{} is above the {} limit for graph files", HumanBytes(bytes.size()),
                                    HumanBytes(limits.max_bytes)));
  std::string_view data = bytes;
  auto starts = [&](std::string_view p) { return data.substr(0, p.size()) == p; };
  if (starts("\x89HDF\r\n")) return Err(display, fmt::format("an HDF5 file (a Keras .h5 model?), {}", kNotAGraph));
  if (starts("PK\x03\x04")) return Err(display, fmt::format("a zip archive (a .keras model?), {}", kNotAGraph));
  if (starts("\x89PNG")) return Err(display, fmt::format("a PNG image, {}", kNotAGraph));

  GraphFile f;
  f.path = display;
  auto ends = [&](std::string_view suf) {
    return name_hint.size() >= suf.size() && name_hint.substr(name_hint.size() - suf.size()) == suf;
  };

  if (LooksLikeText(data)) {
    f.encoding = Encoding::kText;
    std::string first = FirstTextField(data);
    auto kind = KindOfTextField(first);
    if (!kind) {
      if (data.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Err(display, fmt::format("only whitespace: {}", kNotAGraph));
      if (first.empty())
        return Err(display, fmt::format("text that does not start with a field name: {}", kNotAGraph));
      return Err(display, fmt::format("text whose first field `{}` is not one of GraphDef, MetaGraphDef or "
                                      "SavedModel: {}",
                                      first, kNotAGraph));
    }
    f.kind = *kind;
    uint64_t claimed = CountTextNodes(data);
    if (claimed > limits.max_nodes)
      return Err(display, fmt::format("{} text with about {} nodes, above the limit of {}; refused before parsing",
                                      FileKindName(f.kind), claimed, limits.max_nodes));
    f.message = NewMessage(f.kind);
    pb::TextFormat::Parser parser;
    FirstError errors;
    Tree tree;
    parser.RecordErrorsTo(&errors);
    parser.WriteLocationsTo(&tree);
    parser.SetRecursionLimit(limits.recursion_limit);
    parser.AllowUnknownField(false);
    if (!parser.ParseFromString(bytes, f.message.get())) {
      return InputError{display, fmt::format("{}:{}:{}: {} text format error: {}", display, errors.line + 1,
                                             errors.column + 1, FileKindName(f.kind),
                                             errors.has ? errors.message : std::string("parse failed"))};
    }
    auto src = SourceFromBytes(std::move(bytes), display, SourceKind::kPython, SourceOptions{limits.max_bytes});
    if (!src) return src.error();
    f.text = std::make_shared<const SourceFile>(std::move(*src));
    std::string e = BuildFile(&f, &tree, limits);
    if (!e.empty()) return Err(display, e);
    if (f.NodeCount() > limits.max_nodes)
      return Err(display, fmt::format("{} nodes, above the limit of {}", f.NodeCount(), limits.max_nodes));
    return f;
  }

  // Binary: order the guesses by file name, keep the first kind whose top-level
  // fields fit, that parses completely, leaves no unknown fields and looks like one.
  std::vector<FileKind> order;
  if (name_hint == "saved_model.pb" || ends("saved_model.pb"))
    order = {FileKind::kSavedModel, FileKind::kMetaGraphDef, FileKind::kGraphDef};
  else if (ends(".meta"))
    order = {FileKind::kMetaGraphDef, FileKind::kGraphDef, FileKind::kSavedModel};
  else
    order = {FileKind::kGraphDef, FileKind::kMetaGraphDef, FileKind::kSavedModel};
  size_t bad_offset = 0;
  if (!ScanFields(data, [](const WireField&) {}, &bad_offset))
    return Err(display, fmt::format("truncated or corrupt binary protobuf (bad field at byte {} of {}): {}",
                                    bad_offset, data.size(), kNotAGraph));
  std::string first_problem;
  for (FileKind k : order) {
    if (!FieldsFit(data, k)) continue;
    uint64_t nodes = CountNodes(data, k);
    if (nodes > limits.max_nodes)
      return Err(display, fmt::format("{} claims {} nodes, above the limit of {}; refused before parsing",
                                      FileKindName(k), nodes, limits.max_nodes));
    auto msg = NewMessage(k);
    if (!ParseBinary(data, msg.get(), limits)) {
      if (!first_problem.empty()) continue;
      first_problem = fmt::format("not a valid binary {} (truncated, corrupt, a string field that is not UTF-8, or "
                                  "nested deeper than {} levels)",
                                 FileKindName(k), limits.recursion_limit);
      continue;
    }
    if (HasUnknownFieldsShallow(*msg, k) || !Plausible(*msg, k)) continue;
    f.kind = k;
    f.encoding = Encoding::kBinary;
    f.message = std::move(msg);
    std::string e = BuildFile(&f, nullptr, limits);
    if (!e.empty()) return Err(display, e);
    return f;
  }
  if (!first_problem.empty()) return Err(display, first_problem);
  return Err(display, fmt::format("binary data that is neither a GraphDef, a MetaGraphDef nor a SavedModel: {}",
                                  kNotAGraph));
}

bool IsV1ControlFlowOp(std::string_view op) {
  static const std::array<std::string_view, 10> ops = {"Switch", "RefSwitch",     "Merge",         "RefMerge",
                                                       "Enter",  "RefEnter",      "Exit",          "RefExit",
                                                       "NextIteration", "LoopCond"};
  if (op == "RefNextIteration") return true;
  return std::find(ops.begin(), ops.end(), op) != ops.end();
}

bool IsRefVariableOp(std::string_view op) {
  return op == "VariableV2" || op == "Variable" || op == "TemporaryVariable";
}

bool IsResourceVariableOp(std::string_view op) { return op == "VarHandleOp"; }

bool IsQueueOrReaderOp(std::string_view op) {
  static const std::array<std::string_view, 8> exact = {"FakeQueue", "IdentityReader", "IdentityReaderV2",
                                                        "ReaderRead", "ReaderReadV2", "ReaderReadUpTo",
                                                        "ReaderReadUpToV2", "LMDBReader"};
  if (std::find(exact.begin(), exact.end(), op) != exact.end()) return true;
  auto ends_with = [&](std::string_view s) {
    return op.size() >= s.size() && op.substr(op.size() - s.size()) == s;
  };
  if (op.rfind("Queue", 0) == 0) return true;  // QueueEnqueueV2, QueueDequeueManyV2, QueueCloseV2, QueueSizeV2
  if (ends_with("Queue") || ends_with("QueueV2")) return true;  // FIFOQueueV2, RandomShuffleQueueV2, ...
  if (ends_with("Reader") || ends_with("ReaderV2")) return true;  // TFRecordReaderV2, TextLineReaderV2, ...
  return false;
}

}  // namespace tfm::graph

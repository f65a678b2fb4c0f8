#include "runtime/graph/import_graphdef.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <queue>
#include <set>
#include <tuple>

#include "runtime/function/function.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

bool DTypeFromProto(int v, DType* out) {
  if (v > 100) v -= 100;  // reference types (DT_FLOAT_REF = 101) carry their base type's values
  switch (v) {
    case tensorflow::DT_FLOAT: *out = DType::kFloat; return true;
    case tensorflow::DT_DOUBLE: *out = DType::kDouble; return true;
    case tensorflow::DT_INT32: *out = DType::kInt32; return true;
    case tensorflow::DT_INT64: *out = DType::kInt64; return true;
    case tensorflow::DT_BOOL: *out = DType::kBool; return true;
    case tensorflow::DT_STRING: *out = DType::kString; return true;
    default: return false;
  }
}

std::string ProtoDTypeName(int v) {
  // Reference dtypes (DT_FLOAT_REF = 101) name their base type.
  int base = v > 100 ? v - 100 : v;
  const std::string& n = tensorflow::DataType_Name(static_cast<tensorflow::DataType>(base));
  return n.empty() ? "dtype " + std::to_string(v) : n;
}

Status UnsupportedDType(int v, const std::string& where) {
  return Unimplemented(where + ": dtype " + ProtoDTypeName(v) +
                       " is not supported by the bundled runtime (float32, float64, int32, int64, bool, string)");
}

// Copies `count` values from a repeated field, padding with the last one (TF semantics).
template <typename T, typename Field>
Status FillFrom(const Field& f, Tensor* t, const std::string& where) {
  int64_t n = t->num_elements();
  int64_t k = f.size();
  if (k > n) return InvalidArgument(where + ": " + std::to_string(k) + " values for a tensor of " + std::to_string(n) + " elements");
  T* p = t->data<T>();
  for (int64_t i = 0; i < n; ++i) p[i] = k == 0 ? T{} : static_cast<T>(f.Get(static_cast<int>(std::min(i, k - 1))));
  return Status::Ok();
}

StatusOr<Shape> ShapeFromProto(const tensorflow::TensorShapeProto& s, bool* unknown_rank) {
  *unknown_rank = s.unknown_rank();
  Shape r;
  for (const auto& d : s.dim()) {
    if (d.size() < -1) return InvalidArgument("dimension " + std::to_string(d.size()) + " is negative");
    r.push_back(d.size());
  }
  return r;
}

}  // namespace

StatusOr<TensorName> ParseTensorName(const std::string& s) {
  TensorName t;
  size_t colon = s.rfind(':');
  t.node = s;
  if (colon != std::string::npos) {
    std::string idx = s.substr(colon + 1);
    if (idx.empty() || idx.size() > 6 || idx.find_first_not_of("0123456789") != std::string::npos)
      return InvalidArgument("'" + s + "' is not a tensor name (expected NODE or NODE:INDEX)");
    t.node = s.substr(0, colon);
    t.index = std::stoi(idx);
    t.explicit_index = true;
  }
  if (t.node.empty() || t.node[0] == '^') return InvalidArgument("'" + s + "' is not a tensor name (expected NODE or NODE:INDEX)");
  return t;
}

StatusOr<Tensor> TensorFromProto(const tensorflow::TensorProto& p, int64_t max_elements) {
  DType dt;
  if (!DTypeFromProto(p.dtype(), &dt)) return UnsupportedDType(p.dtype(), "tensor");
  bool unknown_rank = false;
  auto shape = ShapeFromProto(p.tensor_shape(), &unknown_rank);
  if (!shape.ok()) return InvalidArgument("tensor shape: " + shape.status().message());
  if (unknown_rank) return InvalidArgument("tensor shape has unknown rank");
  int64_t n = 1;
  for (int64_t d : shape.value()) {
    if (d < 0) return InvalidArgument("tensor shape " + ShapeString(shape.value()) + " has an unknown dimension");
    if (d != 0 && n > max_elements / d)
      return InvalidArgument("tensor of shape " + ShapeString(shape.value()) + " exceeds the limit of " +
                             std::to_string(max_elements) + " elements");
    n *= d;
  }
  if (n > max_elements) return InvalidArgument("tensor exceeds the limit of " + std::to_string(max_elements) + " elements");
  const std::string& content = p.tensor_content();
  if (dt == DType::kString) {
    if (!content.empty()) return InvalidArgument("string tensor with tensor_content");
    int64_t k = p.string_val_size();
    if (k > n) return InvalidArgument("string tensor: " + std::to_string(k) + " values for " + std::to_string(n) + " elements");
    std::vector<std::string> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n && k > 0; ++i) v[i] = p.string_val(static_cast<int>(std::min(i, k - 1)));
    return Tensor::String(std::move(v), shape.value());
  }
  Tensor t = Tensor::Alloc(dt, shape.value());
  if (!content.empty()) {
    size_t bytes = static_cast<size_t>(n) * DTypeSize(dt);
    if (content.size() != bytes)
      return InvalidArgument("tensor_content has " + std::to_string(content.size()) + " bytes, shape " +
                             ShapeString(shape.value()) + " of " + DTypeName(dt) + " needs " + std::to_string(bytes));
    if (dt == DType::kBool) {
      for (int64_t i = 0; i < n; ++i) t.data<bool>()[i] = content[i] != 0;
    } else if (bytes) {
      std::memcpy(t.data<unsigned char>(), content.data(), bytes);
    }
    return t;
  }
  const std::string where = "tensor";
  Status s;
  switch (dt) {
    case DType::kFloat: s = FillFrom<float>(p.float_val(), &t, where); break;
    case DType::kDouble: s = FillFrom<double>(p.double_val(), &t, where); break;
    case DType::kInt32: s = FillFrom<int32_t>(p.int_val(), &t, where); break;
    case DType::kInt64: s = FillFrom<int64_t>(p.int64_val(), &t, where); break;
    case DType::kBool: s = FillFrom<bool>(p.bool_val(), &t, where); break;
    default: break;
  }
  if (!s.ok()) return s;
  return t;
}

StatusOr<AttrMap> AttrsFromProto(const tensorflow::NodeDef& def) {
  AttrMap m;
  // Sorted for deterministic errors (protobuf maps are unordered).
  std::vector<std::string> keys;
  for (const auto& [k, _] : def.attr()) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  for (const std::string& k : keys) {
    const tensorflow::AttrValue& v = def.attr().at(k);
    const std::string where = "node '" + def.name() + "' attr '" + k + "'";
    switch (v.value_case()) {
      case tensorflow::AttrValue::kS: m[k] = v.s(); break;
      case tensorflow::AttrValue::kI: m[k] = static_cast<int64_t>(v.i()); break;
      case tensorflow::AttrValue::kF: m[k] = static_cast<double>(v.f()); break;
      case tensorflow::AttrValue::kB: m[k] = v.b(); break;
      case tensorflow::AttrValue::kType: {
        DType dt;
        if (!DTypeFromProto(v.type(), &dt)) return UnsupportedDType(v.type(), "node '" + def.name() + "' (" + def.op() + ")");
        m[k] = dt;
        break;
      }
      case tensorflow::AttrValue::kShape: {
        bool unknown = false;
        auto s = ShapeFromProto(v.shape(), &unknown);
        if (!s.ok()) return InvalidArgument(where + ": " + s.status().message());
        m[k] = std::vector<int64_t>(s.value());
        m[k + "_unknown_rank"] = unknown;
        break;
      }
      case tensorflow::AttrValue::kTensor: {
        auto t = TensorFromProto(v.tensor());
        if (!t.ok()) {
          if (t.status().code() == Code::kUnimplemented)
            return UnsupportedDType(v.tensor().dtype(), "node '" + def.name() + "' (" + def.op() + ")");
          return InvalidArgument(where + ": " + t.status().message());
        }
        m[k] = t.value();
        break;
      }
      case tensorflow::AttrValue::kList: {
        const auto& l = v.list();
        if (l.i_size()) {
          m[k] = std::vector<int64_t>(l.i().begin(), l.i().end());
        } else if (l.type_size()) {
          std::vector<int64_t> types;
          for (int t : l.type()) types.push_back(t);
          m[k] = types;
        } else if (l.s_size() || l.f_size() || l.b_size() || l.shape_size() || l.tensor_size() || l.func_size()) {
          // List attrs of other kinds are not read by any runtime kernel; left out.
        } else {
          m[k] = std::vector<int64_t>{};
        }
        break;
      }
      default:
        break;  // func / placeholder attrs: only functional ops use them, and those are refused
    }
  }
  return m;
}

bool IsImportableOp(const std::string& op) {
  // Functional ops and host calls refer to function ids / Python callbacks of the
  // facade; from a graph file, functional ops are imported with the FunctionDefs they
  // call (FunctionImporter below), Python callbacks never.
  static const std::set<std::string> kRefused = {
      "PyFunc", "EagerPyFunc", "If", "StatelessIf", "While", "StatelessWhile", "PartitionedCall",
      "StatefulPartitionedCall", "StringJoinSpace"};
  if (kRefused.count(op)) return false;
  if (IsV1ControlFlow(op)) return true;  // executed by the Session's frames (session.cc), not by a kernel
  return LookupOpDef(op) != nullptr && HasKernel(op);
}

namespace {

bool IsVariableOp(const std::string& op) { return op == "VariableV2" || op == "VarHandleOp"; }
bool IsInitAssign(const std::string& op) { return op == "Assign" || op == "AssignVariableOp"; }

int PortOf(const graph::Input& in) {
  if (in.port.empty()) return 0;
  if (in.port.size() > 6 || in.port.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoi(in.port);
}

// The dtype a stand-in Placeholder for a fed node gets: what the node declares.
DType DeclaredDType(const AttrMap& a) {
  for (const char* k : {"dtype", "T", "DstT", "out_type", "output_type"}) {
    DType d = GetTypeAttr(a, k, DType::kInvalid);
    if (d != DType::kInvalid) return d;
  }
  return DType::kInvalid;
}

}  // namespace

namespace {

bool IsFunctionalOp(const std::string& op) {
  return op == "PartitionedCall" || op == "StatefulPartitionedCall" || op == "If" || op == "StatelessIf" ||
         op == "While" || op == "StatelessWhile";
}

// Flat output index of "arg:k" in a function body: ops with several output args list
// them here (each a single tensor); every other op has one output arg, a tensor or a list.
int FlatOutputIndex(const std::string& op, const std::string& port) {
  static const std::map<std::string, std::vector<std::string>> kArgs = {
      {"BroadcastGradientArgs", {"r0", "r1"}},
      {"SoftmaxCrossEntropyWithLogits", {"loss", "backprop"}},
      {"SparseSoftmaxCrossEntropyWithLogits", {"loss", "backprop"}},
      {"TopKV2", {"values", "indices"}},
      {"Unique", {"y", "idx"}},
      {"UniqueV2", {"y", "idx"}},
      {"ListDiff", {"out", "idx"}},
      {"Qr", {"q", "r"}},
      {"Svd", {"s", "u", "v"}},
      {"SelfAdjointEigV2", {"e", "v"}},
      {"MaxPoolWithArgmax", {"output", "argmax"}},
      {"FusedBatchNorm", {"y", "batch_mean", "batch_variance", "reserve_space_1", "reserve_space_2"}},
      {"FusedBatchNormV2", {"y", "batch_mean", "batch_variance", "reserve_space_1", "reserve_space_2"}},
      {"FusedBatchNormV3",
       {"y", "batch_mean", "batch_variance", "reserve_space_1", "reserve_space_2", "reserve_space_3"}},
  };
  auto colon = port.rfind(':');
  if (colon == std::string::npos) return -1;
  std::string arg = port.substr(0, colon), k = port.substr(colon + 1);
  if (k.empty() || k.size() > 6 || k.find_first_not_of("0123456789") != std::string::npos) return -1;
  int index = std::stoi(k);
  auto it = kArgs.find(op);
  if (it == kArgs.end()) return index;
  for (size_t i = 0; i < it->second.size(); ++i)
    if (it->second[i] == arg) return index == 0 ? static_cast<int>(i) : -1;
  return -1;
}

// Imports the FunctionDefs a graph calls (StatefulPartitionedCall's `f`, If's branches,
// While's cond and body, and what they call) into the runtime's function library.
class FunctionImporter {
 public:
  explicit FunctionImporter(const graph::MetaGraph& mg) : mg_(mg) {
    if (mg.graph_def)
      for (const auto& f : mg.graph_def->library().function()) defs_[f.signature().name()] = &f;
    for (const auto& f : mg.functions) parsed_[f.function] = &f;
  }
  bool empty() const { return defs_.empty(); }
  const graph::Graph* Parsed(const std::string& name) const {
    auto it = parsed_.find(name);
    return it == parsed_.end() ? nullptr : it->second;
  }
  const tensorflow::FunctionDef* Def(const std::string& name) const {
    auto it = defs_.find(name);
    return it == defs_.end() ? nullptr : it->second;
  }

  // Sets the node's function-valued attrs to library ids (and gives While, whose loop
  // variables' types are its attr T, the Tout the runtime's op declares its outputs by).
  Status ResolveFunctionAttrs(const tensorflow::NodeDef& def, AttrMap* a) {
    if ((def.op() == "While" || def.op() == "StatelessWhile") && !a->count("Tout") && a->count("T"))
      (*a)["Tout"] = a->at("T");
    for (const auto& [k, v] : def.attr()) {
      if (v.value_case() != tensorflow::AttrValue::kFunc) continue;
      auto id = Import(v.func().name(), 0);
      if (!id.ok()) return id.status();
      (*a)[k] = id.value();
    }
    return Status::Ok();
  }

  StatusOr<int64_t> Import(const std::string& name, int depth) {
    if (auto it = ids_.find(name); it != ids_.end()) return it->second;
    if (depth > 32) return InvalidArgument("function '" + name + "': calls nest too deeply");
    const tensorflow::FunctionDef* fdef = Def(name);
    const graph::Graph* fg = Parsed(name);
    if (!fdef || !fg) return NotFound("function '" + name + "' is not in the graph's function library");
    if (!in_progress_.insert(name).second) return Unimplemented("function '" + name + "' calls itself");
    auto g = std::make_shared<Graph>();
    std::vector<NodeOutput> args;
    std::map<std::string, int> arg_ids;
    for (const auto& arg : fdef->signature().input_arg()) {
      if (!arg.type_attr().empty() || !arg.number_attr().empty() || !arg.type_list_attr().empty())
        return Unimplemented("function '" + name + "': argument '" + arg.name() + "' has a polymorphic type");
      DType dt = DType::kString;  // a resource handle is its shared name in the bundled runtime
      if (arg.type() != tensorflow::DT_RESOURCE && !DTypeFromProto(arg.type(), &dt))
        return UnsupportedDType(arg.type(), "function '" + name + "' argument '" + arg.name() + "'");
      auto id = g->AddNode(arg.name(), "Placeholder", {}, {}, {{"dtype", dt}, {"shape_unknown_rank", true}});
      if (!id.ok()) return id.status();
      arg_ids[arg.name()] = id.value();
      args.push_back({id.value(), 0});
    }
    // Kahn's order over the body (control inputs included).
    const int n = static_cast<int>(fg->nodes.size());
    std::vector<int> pending(n, 0);
    std::vector<std::vector<int>> consumers(n);
    for (int i = 0; i < n; ++i)
      for (const graph::Input& in : fg->nodes[i].inputs)
        if (in.id >= 0) {
          ++pending[i];
          consumers[in.id].push_back(i);
        }
    std::vector<int> ready, order;
    for (int i = n - 1; i >= 0; --i)
      if (!pending[i]) ready.push_back(i);
    while (!ready.empty()) {
      int i = ready.back();
      ready.pop_back();
      order.push_back(i);
      for (int c : consumers[i])
        if (--pending[c] == 0) ready.push_back(c);
    }
    if (static_cast<int>(order.size()) != n) return InvalidArgument("function '" + name + "' has a cycle");
    std::map<std::string, int> ids;
    for (int i : order) {
      const graph::Node& node = fg->nodes[i];
      if (!IsImportableOp(node.op) && !IsFunctionalOp(node.op)) {
        auto& u = unsupported_[node.op];
        if (u.first++ == 0) u.second = name + "/" + node.name;
        continue;
      }
      if (!node.def) return Internal("function '" + name + "' node '" + node.name + "' has no NodeDef");
      auto attrs = AttrsFromProto(*node.def);
      if (!attrs.ok()) return attrs.status();
      AttrMap a = std::move(attrs.value());
      Status fs = ResolveFunctionAttrs(*node.def, &a);
      if (!fs.ok()) return fs;
      if (node.op == "ReadVariableOp") a["shape_unknown_rank"] = true;
      std::vector<NodeOutput> inputs;
      std::vector<int> controls;
      bool skip = false;
      for (const graph::Input& in : node.inputs) {
        int src;
        int port = 0;
        if (in.id < 0) {
          auto it = arg_ids.find(in.node);
          if (it == arg_ids.end())
            return InvalidArgument("function '" + name + "' node '" + node.name + "': unknown input '" + in.node + "'");
          src = it->second;
        } else {
          auto it = ids.find(fg->nodes[in.id].name);
          if (it == ids.end()) {
            skip = true;  // its producer is unsupported (reported once, above)
            break;
          }
          src = it->second;
          if (!in.control) port = FlatOutputIndex(fg->nodes[in.id].op, in.port);
        }
        if (port < 0)
          return Unimplemented("function '" + name + "' node '" + node.name + "': output '" + in.node + ":" + in.port +
                               "' of op " + fg->nodes[in.id].op + " cannot be mapped");
        if (in.control) controls.push_back(src);
        else inputs.push_back({src, port});
      }
      if (skip) continue;
      auto id = g->AddNode(node.name, node.op, std::move(inputs), std::move(controls), std::move(a), NodeSource::kGraphDef);
      if (!id.ok())
        return Status(id.status().code(), "function '" + name + "' node '" + node.name + "' (" + node.op +
                                              "): " + id.status().message());
      ids[node.name] = id.value();
    }
    if (!unsupported_.empty()) return Unsupported();
    std::vector<NodeOutput> outs;
    for (const auto& arg : fdef->signature().output_arg()) {
      auto r = fdef->ret().find(arg.name());
      if (r == fdef->ret().end()) return InvalidArgument("function '" + name + "' does not return '" + arg.name() + "'");
      graph::Input in = graph::ParseInput(r->second);
      auto it = ids.find(in.node);
      int port = it == ids.end() ? -1 : FlatOutputIndex(fg->nodes[fg->index.at(in.node)].op, in.port);
      if (it == ids.end() && arg_ids.count(in.node)) {
        outs.push_back({arg_ids.at(in.node), 0});
        continue;
      }
      if (port < 0) return InvalidArgument("function '" + name + "': bad return value '" + r->second + "'");
      outs.push_back({it->second, port});
    }
    std::vector<int> targets;
    for (const auto& [unused, node] : fdef->control_ret())
      if (auto it = ids.find(node); it != ids.end()) targets.push_back(it->second);
    int64_t fid = RegisterFunction(g, std::move(args), std::move(outs), std::move(targets));
    in_progress_.erase(name);
    ids_[name] = fid;
    return fid;
  }

  Status Unsupported() const {
    std::string msg = "the bundled runtime cannot execute op type";
    msg += unsupported_.size() > 1 ? "s " : " ";
    bool first = true;
    for (const auto& [op, u] : unsupported_) {
      msg += (first ? "" : ", ") + op + " (" + std::to_string(u.first) + (u.first == 1 ? " node: '" : " nodes, e.g. '") +
             u.second + "')";
      first = false;
    }
    return Unimplemented(msg + " in the graph's function library");
  }

 private:
  const graph::MetaGraph& mg_;
  std::map<std::string, const tensorflow::FunctionDef*> defs_;
  std::map<std::string, const graph::Graph*> parsed_;
  std::map<std::string, int64_t> ids_;
  std::set<std::string> in_progress_;
  std::map<std::string, std::pair<int, std::string>> unsupported_;
};

}  // namespace

StatusOr<ImportedGraph> ImportForRun(const graph::MetaGraph& mg, const ImportRequest& req) {
  const graph::Graph& g = mg.graph;
  const int n = static_cast<int>(g.nodes.size());
  FunctionImporter functions(mg);
  auto find = [&](const std::string& name, const char* what) -> StatusOr<int> {
    auto it = g.index.find(name);
    if (it == g.index.end()) return NotFound(std::string(what) + " '" + name + "': the graph has no node named '" + name + "'");
    return it->second;
  };

  std::set<std::pair<int, int>> fed;
  std::vector<int> fed_nodes;
  for (const TensorName& f : req.feeds) {
    auto id = find(f.node, "--feed");
    if (!id.ok()) return id.status();
    fed.insert({id.value(), f.index});
    fed_nodes.push_back(id.value());
  }
  std::vector<int> roots;
  for (const TensorName& f : req.fetches) {
    auto id = find(f.node, "--fetch");
    if (!id.ok()) return id.status();
    if (!fed.count({id.value(), f.index})) roots.push_back(id.value());
  }
  for (const std::string& t : req.targets) {
    auto id = find(t, "--fetch");
    if (!id.ok()) return id.status();
    roots.push_back(id.value());
  }

  // The nodes the run executes: backwards from the roots, stopping at fed tensors.
  auto closure = [&](const std::vector<int>& from, bool stop_at_feeds, std::vector<char>* need) {
    std::vector<int> stack;
    for (int r : from)
      if (!(*need)[r]) { (*need)[r] = 1; stack.push_back(r); }
    while (!stack.empty()) {
      int i = stack.back();
      stack.pop_back();
      for (const graph::Input& in : g.nodes[i].inputs) {
        if (in.id < 0) continue;
        if (!in.control && stop_at_feeds && fed.count({in.id, PortOf(in)})) continue;
        if (!(*need)[in.id]) { (*need)[in.id] = 1; stack.push_back(in.id); }
      }
    }
  };
  std::vector<char> run(n, 0);
  closure(roots, true, &run);

  // Initializers of the variables the run reads: "<var>/Assign" (what tf.Variable and
  // get_variable create), else the only Assign/AssignVariableOp writing the variable.
  ImportedGraph out;
  std::vector<int> init_nodes;
  std::vector<std::pair<int, std::string>> restores;  // (variable node, checkpoint key)
  std::map<int, std::string> saver_keys;               // variable node -> key its Saver restores
  if (req.init_variables && req.checkpoint) {
    // RestoreV2(prefix, tensor_names, shape_and_slices): output k, possibly through
    // Identity nodes, is assigned to a variable (Assign / AssignVariableOp input 1).
    std::vector<std::vector<std::pair<int, int>>> consumers(n);  // producer -> (consumer, input index)
    for (int i = 0; i < n; ++i) {
      int idx = 0;
      for (const graph::Input& in : g.nodes[i].inputs) {
        if (!in.control && in.id >= 0) consumers[in.id].push_back({i, idx});
        if (!in.control) ++idx;
      }
    }
    // TF2 SavedModels restore in a function: StatefulPartitionedCall(prefix, handles...)
    // whose body runs RestoreV2 and assigns output k to the handle argument it receives.
    for (int i = 0; i < n; ++i) {
      const graph::Node& call = g.nodes[i];
      if (!IsFunctionalOp(call.op) || !call.def || !call.def->attr().count("f")) continue;
      const std::string& fname = call.def->attr().at("f").func().name();
      const graph::Graph* fg = functions.Parsed(fname);
      const tensorflow::FunctionDef* fdef = functions.Def(fname);
      if (!fg || !fdef) continue;
      std::vector<int> call_inputs;  // data inputs of the call, by argument position
      for (const graph::Input& in : call.inputs)
        if (!in.control) call_inputs.push_back(in.id);
      for (const graph::Node& r : fg->nodes) {
        if (r.op != "RestoreV2" || r.inputs.size() < 2 || r.inputs[1].id < 0) continue;
        const graph::Node& names = fg->nodes[r.inputs[1].id];
        if (names.op != "Const" || !names.def || !names.def->attr().count("value")) continue;
        const auto& list = names.def->attr().at("value").tensor().string_val();
        int restore_index = fg->index.at(r.name);
        for (const graph::Node& c : fg->nodes) {
          for (size_t in_index = 0; in_index < c.inputs.size(); ++in_index) {
            const graph::Input& in = c.inputs[in_index];
            if (in.control || in.id != restore_index) continue;
            int k = FlatOutputIndex("RestoreV2", in.port);
            if (k < 0 || k >= list.size()) continue;
            const graph::Node* at = &c;
            for (int hops = 0; hops < 4 && at->op == "Identity"; ++hops) {
              const graph::Node* next = nullptr;
              for (const graph::Node& d : fg->nodes)
                for (const graph::Input& din : d.inputs)
                  if (!din.control && din.id == fg->index.at(at->name)) next = &d;
              if (!next) break;
              at = next;
            }
            if (at->op != "AssignVariableOp" || at->inputs.empty() || at->inputs[0].id >= 0) continue;
            const std::string& arg = at->inputs[0].node;  // the handle argument
            for (int j = 0; j < fdef->signature().input_arg_size(); ++j)
              if (fdef->signature().input_arg(j).name() == arg && j < static_cast<int>(call_inputs.size()) &&
                  call_inputs[j] >= 0)
                saver_keys[call_inputs[j]] = list.Get(k);
          }
        }
      }
    }
    for (int i = 0; i < n; ++i) {
      const graph::Node& r = g.nodes[i];
      if (r.op != "RestoreV2" || r.inputs.size() < 2 || r.inputs[1].id < 0) continue;
      const graph::Node& names = g.nodes[r.inputs[1].id];
      if (names.op != "Const" || !names.def || !names.def->attr().count("value")) continue;
      const auto& list = names.def->attr().at("value").tensor().string_val();
      for (const auto& [c, in_index] : consumers[i]) {
        const graph::Input& in = g.nodes[c].inputs[in_index];
        int k = PortOf(in);
        if (k < 0 || k >= list.size()) continue;
        int at = c, through = in_index;
        for (int hops = 0; hops < 4 && g.nodes[at].op == "Identity" && consumers[at].size() == 1; ++hops)
          std::tie(at, through) = consumers[at][0];
        if (IsInitAssign(g.nodes[at].op) && through == 1 && !g.nodes[at].inputs.empty() && g.nodes[at].inputs[0].id >= 0)
          saver_keys[g.nodes[at].inputs[0].id] = list.Get(k);
      }
    }
  }
  if (req.init_variables) {
    std::map<int, std::vector<int>> writers;
    for (int i = 0; i < n; ++i) {
      const graph::Node& node = g.nodes[i];
      if (!IsInitAssign(node.op)) continue;
      for (const graph::Input& in : node.inputs)
        if (!in.control) {
          if (in.id >= 0) writers[in.id].push_back(i);
          break;
        }
    }
    for (int i = 0; i < n; ++i) {
      if (!run[i] || !IsVariableOp(g.nodes[i].op)) continue;
      if (req.checkpoint) {
        auto key = saver_keys.count(i) ? saver_keys.at(i) : g.nodes[i].name;
        if (req.checkpoint->Has(key)) {
          restores.push_back({i, key});
          out.restored.push_back(g.nodes[i].name);
          continue;
        }
      }
      const auto& w = writers[i];
      int chosen = -1;
      for (int a : w)
        if (g.nodes[a].name == g.nodes[i].name + "/Assign") chosen = a;
      if (chosen < 0 && w.size() == 1) chosen = w[0];
      if (chosen < 0) continue;  // no initializer found: reading it fails as uninitialized, as in TF
      init_nodes.push_back(chosen);
      out.variables.push_back(g.nodes[i].name);
    }
  }
  std::vector<char> init(n, 0);
  closure(init_nodes, false, &init);

  // Unsupported op types among everything that will execute: one error naming them all.
  std::map<std::string, std::pair<int, std::string>> unsupported;  // op -> (count, first node)
  for (int i = 0; i < n; ++i) {
    if (!run[i] && !init[i]) continue;
    const std::string& op = g.nodes[i].op;
    if (IsImportableOp(op) || (IsFunctionalOp(op) && !functions.empty())) continue;
    auto& u = unsupported[op];
    if (u.first++ == 0) u.second = g.nodes[i].name;
  }
  if (!unsupported.empty()) {
    std::string msg = "the bundled runtime cannot execute op type";
    msg += unsupported.size() > 1 ? "s " : " ";
    bool first = true;
    for (const auto& [op, u] : unsupported) {
      msg += (first ? "" : ", ") + op + " (" + std::to_string(u.first) + (u.first == 1 ? " node: '" : " nodes, e.g. '") +
             u.second + "')";
      first = false;
    }
    if (unsupported.count("StatefulPartitionedCall") || unsupported.count("PartitionedCall") ||
        unsupported.count("If") || unsupported.count("While") || unsupported.count("StatelessIf") ||
        unsupported.count("StatelessWhile"))
      msg += " (the graph has no function library to call into)";
    return Unimplemented(msg);
  }

  // Import set: executed nodes, initializer subgraphs, and the producers of fed tensors.
  std::vector<char> import(n, 0);
  std::vector<char> stand_in(n, 0);
  for (int i = 0; i < n; ++i) import[i] = run[i] || init[i];
  for (int f : fed_nodes)
    if (!import[f]) { import[f] = 1; stand_in[f] = 1; }
  for (auto [node, index] : fed)
    if (stand_in[node] && index != 0 && g.nodes[node].op != "Placeholder")
      return Unimplemented("--feed " + g.nodes[node].name + ":" + std::to_string(index) +
                           ": feeding an output other than 0 of a node the run does not otherwise need");

  // Topological order (Kahn), ready nodes in GraphDef order.
  std::vector<int> pending(n, 0);
  std::vector<std::vector<int>> consumers(n);
  for (int i = 0; i < n; ++i) {
    if (!import[i] || stand_in[i]) continue;
    for (const graph::Input& in : g.nodes[i].inputs) {
      if (in.id < 0 || !import[in.id] || IsNextIteration(g.nodes[in.id].op)) continue;  // loop back edges
      ++pending[i];
      consumers[in.id].push_back(i);
    }
  }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int i = 0; i < n; ++i)
    if (import[i] && pending[i] == 0) ready.push(i);
  std::vector<int> order;
  while (!ready.empty()) {
    int i = ready.top();
    ready.pop();
    order.push_back(i);
    for (int c : consumers[i])
      if (--pending[c] == 0) ready.push(c);
  }
  size_t want = static_cast<size_t>(std::count(import.begin(), import.end(), 1));
  if (order.size() != want) return InvalidArgument("the nodes the fetches need form a cycle");

  out.graph = std::make_shared<Graph>();
  Graph& rg = *out.graph;
  std::vector<std::pair<int, int>> back_edges;  // (Merge node, index in its NodeDef inputs)
  for (int i : order) {
    const graph::Node& node = g.nodes[i];
    if (!node.def) return Internal("node '" + node.name + "' has no NodeDef");
    auto attrs = AttrsFromProto(*node.def);
    if (!attrs.ok()) return attrs.status();
    AttrMap a = std::move(attrs.value());
    std::string op = node.op;
    std::vector<NodeOutput> inputs;
    std::vector<int> controls;
    if (stand_in[i] && op != "Placeholder") {
      // Fed and otherwise unneeded: a Placeholder with the node's declared dtype/shape.
      DType dt = DeclaredDType(a);
      if (dt == DType::kInvalid)
        return Unimplemented("--feed " + node.name + ": cannot tell the dtype of op " + op + "'s output");
      AttrMap pa{{"dtype", dt}};
      auto sh = a.find("shape");
      if (sh != a.end() && std::holds_alternative<std::vector<int64_t>>(sh->second)) {
        pa["shape"] = sh->second;
        pa["shape_unknown_rank"] = GetBoolAttr(a, "shape_unknown_rank", false);
      } else {
        pa["shape_unknown_rank"] = true;
      }
      a = std::move(pa);
      op = "Placeholder";
    } else {
      Status fs = functions.ResolveFunctionAttrs(*node.def, &a);
      if (!fs.ok()) return fs;
      for (const graph::Input& in : node.inputs) {
        if (in.id < 0) return InvalidArgument("Node '" + node.name + "': Unknown input node '" + in.node + "'");
        if (IsNextIteration(g.nodes[in.id].op)) {
          // A v1 loop's back edge into a Merge: not a graph input (the runtime Graph is
          // acyclic); the runner reads the Merge's full input list from merge_inputs.
          if (in.control || (node.op != "Merge" && node.op != "RefMerge"))
            return Unimplemented("node '" + node.name + "': a NextIteration edge into op " + node.op);
          back_edges.push_back({i, static_cast<int>(&in - node.inputs.data())});
          continue;
        }
        auto it = out.ids.find(g.nodes[in.id].name);
        if (it == out.ids.end()) return Internal("node '" + node.name + "': input imported out of order");
        if (in.control) {
          controls.push_back(it->second);
          continue;
        }
        int port = PortOf(in);
        if (port < 0) return InvalidArgument("node '" + node.name + "': bad input '" + in.node + ":" + in.port + "'");
        inputs.push_back({it->second, port});
      }
    }
    if (op == "ReadVariableOp" && !inputs.empty()) {
      // The value's static shape is the handle's declared shape.
      const Node& h = rg.node(inputs[0].node);
      if (h.op == "VarHandleOp" && h.attrs.count("shape")) {
        a["shape"] = h.attrs.at("shape");
        a["shape_unknown_rank"] = GetBoolAttr(h.attrs, "shape_unknown_rank", false);
      } else {
        a["shape_unknown_rank"] = true;
      }
    }
    if (op == "VarHandleOp") {
      std::string shared = GetStringAttr(a, "shared_name", "");
      if (shared.empty()) a["shared_name"] = shared = node.name;
      out.resource_names.push_back(shared);
    }
    if (op == "Placeholder" && run[i] && !fed.count({i, 0})) out.missing_feeds.push_back(node.name);
    NodeSource source = stand_in[i] ? NodeSource::kPython : NodeSource::kGraphDef;
    if (!back_edges.empty() && back_edges.back().first == i) {
      // A loop Merge: its NodeDef (with the back edges) is checked here, the node without them.
      std::vector<DType> all(inputs.size());
      for (size_t k = 0; k < inputs.size(); ++k) {
        const Node& src = rg.node(inputs[k].node);
        all[k] = inputs[k].index < static_cast<int>(src.outputs.size()) ? src.outputs[inputs[k].index].dtype
                                                                         : DType::kInvalid;
      }
      while (all.size() < static_cast<size_t>(std::count_if(node.inputs.begin(), node.inputs.end(),
                                                            [](const graph::Input& in) { return !in.control; })))
        all.push_back(DType::kInvalid);
      TFM_RETURN_IF_ERROR(ValidateNode(node.name, op, all, a, NodeSource::kGraphDef));
      source = NodeSource::kPython;
      a.erase("N");
    }
    auto id = rg.AddNode(node.name, op, std::move(inputs), std::move(controls), std::move(a), source);
    if (!id.ok()) return Status(id.status().code(), "node '" + node.name + "' (" + op + "): " + id.status().message());
    out.ids[node.name] = id.value();
  }
  for (int a : init_nodes) out.initializers.push_back(out.ids.at(g.nodes[a].name));
  // Restored variables: a Const with the checkpoint's value assigned to the variable,
  // run with the initializers.
  for (const auto& [var, key] : restores) {
    const std::string& name = g.nodes[var].name;
    auto value = req.checkpoint->Read(key);
    if (!value.ok()) return Status(value.status().code(), "restoring " + name + ": " + value.status().message());
    DType dt = value.value().dtype();
    std::string base = name + "/tfmigrate_restore";
    auto c = rg.AddNode(base + "/value", "Const", {}, {}, {{"value", value.value()}, {"dtype", dt}});
    if (!c.ok()) return Status(c.status().code(), "restoring " + name + ": " + c.status().message());
    int v = out.ids.at(name);
    bool resource = g.nodes[var].op == "VarHandleOp";
    AttrMap a = resource ? AttrMap{{"dtype", dt}}
                         : AttrMap{{"T", dt}, {"validate_shape", true}, {"use_locking", true}};
    auto assign = rg.AddNode(base, resource ? "AssignVariableOp" : "Assign", {{v, 0}, {c.value(), 0}}, {}, std::move(a));
    if (!assign.ok())
      return Status(assign.status().code(), "restoring " + name + " from '" + key + "': " + assign.status().message());
    out.initializers.push_back(assign.value());
  }
  // Full input lists of Merges with back edges, in NodeDef order (Merge's value_index).
  for (auto [merge, unused] : back_edges) {
    int id = out.ids.at(g.nodes[merge].name);
    if (out.merge_inputs.count(id)) continue;
    std::vector<NodeOutput>& full = out.merge_inputs[id];
    for (const graph::Input& in : g.nodes[merge].inputs) {
      if (in.control) continue;
      int port = PortOf(in);
      if (port < 0) return InvalidArgument("node '" + g.nodes[merge].name + "': bad input");
      full.push_back({out.ids.at(g.nodes[in.id].name), port});
    }
  }
  for (const TensorName& f : req.feeds) {
    const Node& rn = rg.node(out.ids.at(f.node));
    if (f.index >= static_cast<int>(rn.outputs.size()))
      return InvalidArgument("--feed " + f.ToString() + ": op " + rn.op + " has " + std::to_string(rn.outputs.size()) +
                             " output" + (rn.outputs.size() == 1 ? "" : "s"));
  }
  return out;
}

}  // namespace tfm::rt

#include "runtime/graph/import_run.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "analyzer/graph/graph_file.h"
#include "runtime/graph/import_graphdef.h"
#include "runtime/graph/npy.h"
#include "runtime/graph/session.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {

namespace {

constexpr int64_t kMaxFeedElements = int64_t{1} << 26;

Status CollectLeaves(const nlohmann::json& j, size_t depth, Shape* shape, std::vector<const nlohmann::json*>* leaves,
                     bool* shape_fixed) {
  if (depth > 32) return InvalidArgument("nested more than 32 levels deep");
  if (j.is_array()) {
    if (!*shape_fixed && shape->size() == depth) shape->push_back(static_cast<int64_t>(j.size()));
    if (depth >= shape->size() || (*shape)[depth] != static_cast<int64_t>(j.size()))
      return InvalidArgument("ragged nested list (every list at one depth must have the same length)");
    if (j.empty()) *shape_fixed = true;
    for (const auto& e : j) {
      TFM_RETURN_IF_ERROR(CollectLeaves(e, depth + 1, shape, leaves, shape_fixed));
      if (leaves->size() > static_cast<size_t>(kMaxFeedElements)) return InvalidArgument("more than 2^26 values");
    }
    return Status::Ok();
  }
  if (!*shape_fixed) *shape_fixed = true;
  if (depth != shape->size()) return InvalidArgument("ragged nested list (a number where a list was expected, or the reverse)");
  leaves->push_back(&j);
  return Status::Ok();
}

std::string JsonKind(const nlohmann::json& j) {
  if (j.is_boolean()) return "a bool";
  if (j.is_number_integer() || j.is_number_unsigned()) return "an integer";
  if (j.is_number()) return "a float";
  if (j.is_string()) return "a string";
  if (j.is_null()) return "null";
  return "an object";
}

const char* ErrorClass(Code c) {
  switch (c) {
    case Code::kCancelled: return "CancelledError";
    case Code::kInvalidArgument: return "InvalidArgumentError";
    case Code::kNotFound: return "NotFoundError";
    case Code::kAlreadyExists: return "AlreadyExistsError";
    case Code::kResourceExhausted: return "ResourceExhaustedError";
    case Code::kFailedPrecondition: return "FailedPreconditionError";
    case Code::kOutOfRange: return "OutOfRangeError";
    case Code::kUnimplemented: return "UnimplementedError";
    case Code::kInternal: return "InternalError";
    default: return "UnknownError";
  }
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// A runtime error on one line: TF's "\n\t [[{{node X}}]]" suffix becomes " [node X]".
std::string OneLine(const std::string& s) {
  std::string r = FirstLine(s);
  size_t p = s.find("[[{{node ");
  if (p != std::string::npos && r.size() < p) {
    size_t e = s.find("}}", p);
    if (e != std::string::npos) r += " [node " + s.substr(p + 9, e - p - 9) + "]";
  }
  return r;
}

std::string ShortestFloat(double v, bool single) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto r = single ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v)) : std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string Element(const Tensor& t, int64_t i) {
  switch (t.dtype()) {
    case DType::kFloat: return ShortestFloat(t.data<float>()[i], true);
    case DType::kDouble: return ShortestFloat(t.data<double>()[i], false);
    case DType::kInt32: return std::to_string(t.data<int32_t>()[i]);
    case DType::kInt64: return std::to_string(t.data<int64_t>()[i]);
    case DType::kBool: return t.data<bool>()[i] ? "true" : "false";
    case DType::kString: return nlohmann::json(t.strings()[i]).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    default: return "?";
  }
}

void Nested(const Tensor& t, size_t dim, int64_t* pos, std::string* out) {
  if (dim == t.shape().size()) {
    *out += Element(t, (*pos)++);
    return;
  }
  *out += "[";
  for (int64_t i = 0; i < t.shape()[dim]; ++i) {
    if (i) *out += ", ";
    Nested(t, dim + 1, pos, out);
  }
  *out += "]";
}

nlohmann::json JsonNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

// Feed shape against the fed tensor's static shape (unknown dimensions match anything).
Status CheckFeedShape(const TensorName& name, const Tensor& v, const TensorSpec& spec) {
  if (spec.unknown_rank) return Status::Ok();
  bool ok = spec.shape.size() == v.shape().size();
  for (size_t i = 0; ok && i < spec.shape.size(); ++i)
    if (spec.shape[i] >= 0 && spec.shape[i] != v.shape()[i]) ok = false;
  if (ok) return Status::Ok();
  return InvalidArgument("--feed " + name.node + ": cannot feed a value of shape " + v.ShapeString() + " for tensor " +
                         name.ToString() + ", which has shape " + ShapeString(spec.shape));
}

void WriteTrace(const GraphRunOptions& o, const GraphRunResult& r, bool ran, const Status& run_status) {
  if (o.trace_path.empty()) return;
  std::ofstream out(o.trace_path, std::ios::binary | std::ios::trunc);
  if (!out) return;
  auto line = [&](const nlohmann::json& j) {
    out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  };
  line({{"kind", "start"}, {"mode", "graph"}, {"backend", "bundled"},
        {"script", std::filesystem::path(o.path).filename().string()}});
  std::string status = "ok";
  if (ran && run_status.ok()) {
    nlohmann::json values = nlohmann::json::array(), names = nlohmann::json::array();
    for (const auto& f : r.fetches) {
      values.push_back(f.is_op ? nlohmann::json{{"python", "None"}} : TraceValue(f.value));
      names.push_back(f.name);
    }
    nlohmann::json ops = nlohmann::json::array();
    for (size_t i = 0; i < r.ops_run.size() && i < 500; ++i) ops.push_back(r.ops_run[i]);
    line({{"kind", "fetch"}, {"call", 1}, {"values", values}, {"names", names}, {"ops_run", ops}});
  } else if (ran) {
    line({{"kind", "fetch_error"}, {"call", 1}, {"type", ErrorClass(run_status.code())}});
    line({{"kind", "exception"}, {"type", ErrorClass(run_status.code())},
          {"message", FirstLine(run_status.message()).substr(0, 500)}, {"line", nullptr}});
    status = "exception";
  } else if (r.exit_code == 3) {
    line({{"kind", "unsupported"}, {"symbol", r.error.substr(0, 500)}, {"line", nullptr}});
    status = "unsupported";
  } else {
    line({{"kind", "exception"}, {"type", "ValueError"}, {"message", r.error.substr(0, 500)}, {"line", nullptr}});
    status = "exception";
  }
  line({{"kind", "end"}, {"status", status}, {"exit_code", r.exit_code}});
}

struct FeedSpec {
  TensorName name;
  std::string text;   // inline value
  std::string npy;    // or a .npy path
};

}  // namespace

StatusOr<Tensor> ParseFeedValue(const std::string& text, DType dtype) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    if (dtype == DType::kString) return Tensor::String({text}, {});  // a bare string
    return InvalidArgument("'" + text.substr(0, 60) + "' is not a number, true/false or a nested list like [[1,2],[3,4]]");
  }
  Shape shape;
  std::vector<const nlohmann::json*> leaves;
  bool fixed = false;
  TFM_RETURN_IF_ERROR(CollectLeaves(j, 0, &shape, &leaves, &fixed));
  if (dtype == DType::kString) {
    std::vector<std::string> v;
    for (const auto* l : leaves) {
      if (!l->is_string()) return InvalidArgument("expected strings for a string tensor, got " + JsonKind(*l));
      v.push_back(l->get<std::string>());
    }
    return Tensor::String(std::move(v), shape);
  }
  Tensor t = Tensor::Alloc(dtype, shape);
  for (size_t i = 0; i < leaves.size(); ++i) {
    const nlohmann::json& l = *leaves[i];
    const std::string what = "element " + std::to_string(i) + " (" + l.dump() + ")";
    if (dtype == DType::kBool) {
      if (!l.is_boolean()) return InvalidArgument("expected true/false for a bool tensor, " + what + " is " + JsonKind(l));
      t.data<bool>()[i] = l.get<bool>();
      continue;
    }
    if (!l.is_number()) return InvalidArgument("expected numbers for a " + std::string(DTypeName(dtype)) + " tensor, " + what + " is " + JsonKind(l));
    double d = l.get<double>();
    if (IsFloating(dtype)) {
      if (dtype == DType::kFloat) t.data<float>()[i] = static_cast<float>(d);
      else t.data<double>()[i] = d;
      continue;
    }
    if (!l.is_number_integer() && !l.is_number_unsigned() && d != std::floor(d))
      return InvalidArgument("expected integers for a " + std::string(DTypeName(dtype)) + " tensor, " + what + " is a float");
    if (dtype == DType::kInt32) {
      if (d < std::numeric_limits<int32_t>::min() || d > std::numeric_limits<int32_t>::max())
        return InvalidArgument(what + " is out of range for int32");
      t.data<int32_t>()[i] = static_cast<int32_t>(l.is_number_integer() ? l.get<int64_t>() : static_cast<int64_t>(d));
    } else {
      if (l.is_number_unsigned() && l.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        return InvalidArgument(what + " is out of range for int64");
      if (!l.is_number_integer() && !l.is_number_unsigned() && std::fabs(d) >= 9.2e18)
        return InvalidArgument(what + " is out of range for int64");
      t.data<int64_t>()[i] = l.is_number_integer() ? l.get<int64_t>() : static_cast<int64_t>(d);
    }
  }
  return t;
}

StatusOr<Tensor> ConvertFeed(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  if (dtype == DType::kString || t.dtype() == DType::kString || dtype == DType::kBool || t.dtype() == DType::kBool)
    return InvalidArgument(std::string("a ") + DTypeName(t.dtype()) + " array cannot feed a " + DTypeName(dtype) + " tensor");
  if (IsInteger(dtype) && IsFloating(t.dtype())) {
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      double d = t.AsDouble(i);
      if (d != std::floor(d)) return InvalidArgument("a float array with non-integral values cannot feed an integer tensor");
    }
  }
  if (dtype == DType::kInt32) {
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      double d = t.AsDouble(i);
      if (d < std::numeric_limits<int32_t>::min() || d > std::numeric_limits<int32_t>::max())
        return InvalidArgument("element " + std::to_string(i) + " is out of range for int32");
    }
  }
  return t.CastTo(dtype);
}

std::string FormatValues(const Tensor& t) {
  std::string s;
  int64_t pos = 0;
  Nested(t, 0, &pos, &s);
  return s;
}

std::string FormatFetch(const FetchedValue& f) {
  if (f.is_op) return f.name + " = (op)";
  return f.name + " = " + DTypeName(f.value.dtype()) + f.value.ShapeString() + " " + FormatValues(f.value);
}

nlohmann::json TraceValue(const Tensor& t) {
  nlohmann::json values = nlohmann::json::array();
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    switch (t.dtype()) {
      case DType::kFloat: values.push_back(JsonNumber(t.data<float>()[i])); break;
      case DType::kDouble: values.push_back(JsonNumber(t.data<double>()[i])); break;
      case DType::kInt32: values.push_back(t.data<int32_t>()[i]); break;
      case DType::kInt64: values.push_back(t.data<int64_t>()[i]); break;
      case DType::kBool: values.push_back(t.data<bool>()[i]); break;
      case DType::kString: values.push_back(t.strings()[i]); break;
      default: values.push_back(nullptr);
    }
  }
  return {{"dtype", DTypeName(t.dtype())}, {"shape", t.shape()}, {"values", values}};
}

namespace {

// Signature keys -> tensor names: rewrites `--feed KEY=...` and `--fetch KEY` of a copy of
// the options; the fetches' display names (the keys) go to `shown`.
Status ApplySignature(GraphRunOptions* o, std::vector<std::string>* shown) {
  auto file = graph::LoadGraphFile(o->path);
  if (!file) return InvalidArgument(file.error().message);
  if (file->meta_graphs.empty()) return InvalidArgument(o->path + ": the file holds no graph");
  const graph::MetaGraph& mg = file->meta_graphs[0];
  const graph::Signature* sig = nullptr;
  std::string keys;
  for (const auto& s : mg.signatures) {
    if (s.key == o->signature) sig = &s;
    if (s.key.rfind("__", 0) != 0) keys += (keys.empty() ? "" : ", ") + s.key;
  }
  if (!sig)
    return InvalidArgument("--signature " + o->signature + ": " + o->path +
                           (keys.empty() ? " has no signatures" : " has the signatures " + keys));
  auto split = [](const std::vector<std::string>& entries) {
    std::vector<std::pair<std::string, std::string>> out;  // (key, tensor)
    for (const auto& e : entries) {
      size_t arrow = e.find(" -> ");
      if (arrow != std::string::npos) out.push_back({e.substr(0, arrow), e.substr(arrow + 4)});
    }
    return out;
  };
  auto inputs = split(sig->inputs), outputs = split(sig->outputs);
  auto list = [](const std::vector<std::pair<std::string, std::string>>& kv) {
    std::string l;
    for (const auto& [k, unused] : kv) l += (l.empty() ? "" : ", ") + k;
    return l;
  };
  for (std::string& f : o->feeds) {
    size_t eq = f.find('=');
    std::string key = f.substr(0, eq);
    auto it = std::find_if(inputs.begin(), inputs.end(), [&](const auto& kv) { return kv.first == key; });
    if (it == inputs.end())
      return InvalidArgument("--feed " + key + ": signature " + o->signature + " has no input '" + key +
                             "' (its inputs: " + list(inputs) + ")");
    f = it->second + (eq == std::string::npos ? "" : f.substr(eq));
  }
  if (o->fetches.empty())
    for (const auto& [k, unused] : outputs) o->fetches.push_back(k);
  for (std::string& f : o->fetches) {
    auto it = std::find_if(outputs.begin(), outputs.end(), [&](const auto& kv) { return kv.first == f; });
    if (it == outputs.end())
      return InvalidArgument("--fetch " + f + ": signature " + o->signature + " has no output '" + f +
                             "' (its outputs: " + list(outputs) + ")");
    shown->push_back(f);
    f = it->second;
  }
  return Status::Ok();
}

}  // namespace

GraphRunResult RunGraphFile(const GraphRunOptions& opts) {
  GraphRunResult r;
  GraphRunOptions o = opts;
  std::vector<std::string> shown;  // --signature: the output keys to print the fetches under
  if (!o.signature.empty()) {
    Status s = ApplySignature(&o, &shown);
    if (!s.ok()) {
      r.exit_code = 2;
      r.error = FirstLine(s.message());
      return r;
    }
  }
  auto fail = [&](int code, const std::string& msg) {
    r.exit_code = code;
    r.error = FirstLine(msg);
    WriteTrace(o, r, false, Status::Ok());
    return r;
  };
  if (o.fetches.empty()) return fail(2, "nothing to run: give at least one --fetch NAME");

  // Feeds and fetches are parsed before the file is read: usage errors come first.
  std::vector<FeedSpec> feeds;
  std::set<std::string> fed_names;
  for (const std::string& f : o.feeds) {
    size_t eq = f.find('=');
    if (eq == std::string::npos || eq == 0) return fail(2, "--feed '" + f + "': expected NAME=VALUE or NAME=@FILE.npy");
    auto name = ParseTensorName(f.substr(0, eq));
    if (!name.ok()) return fail(2, "--feed: " + name.status().message());
    if (!fed_names.insert(name.value().ToString()).second) return fail(2, "--feed " + name.value().ToString() + " is given twice");
    FeedSpec spec{name.value(), f.substr(eq + 1), ""};
    if (!spec.text.empty() && spec.text[0] == '@') {
      spec.npy = spec.text.substr(1);
      spec.text.clear();
    }
    feeds.push_back(std::move(spec));
  }
  std::vector<TensorName> fetch_names;
  for (const std::string& f : o.fetches) {
    auto name = ParseTensorName(f);
    if (!name.ok()) return fail(2, "--fetch: " + name.status().message());
    fetch_names.push_back(name.value());
  }

  auto file = graph::LoadGraphFile(o.path);
  if (!file) return fail(2, file.error().message);
  if (file->meta_graphs.empty()) return fail(2, o.path + ": the file holds no graph");
  const graph::MetaGraph& mg = file->meta_graphs[0];

  // The checkpoint: given, or the one that comes with the graph.
  std::optional<CheckpointReader> ckpt;
  if (o.init_variables && o.restore) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::string prefix = o.checkpoint;
    if (prefix.empty()) {
      fs::path p(o.path);
      fs::path dir = fs::is_directory(p, ec) ? p
                     : (p.filename() == "saved_model.pb" || p.filename() == "saved_model.pbtxt") ? p.parent_path()
                                                                                                    : fs::path();
      if (!dir.empty() && fs::exists(dir / "variables" / "variables.index", ec))
        prefix = (dir / "variables" / "variables").string();
      else if (p.extension() == ".meta" && fs::exists(fs::path(o.path).replace_extension(".index"), ec))
        prefix = fs::path(o.path).replace_extension().string();
    } else if (!fs::exists(prefix + ".index", ec)) {
      return fail(2, "--checkpoint " + prefix + ": no " + prefix + ".index");
    }
    if (!prefix.empty()) {
      auto reader = CheckpointReader::Open(prefix);
      if (!reader.ok()) return fail(reader.status().code() == Code::kUnimplemented ? 3 : 2, reader.status().message());
      ckpt = std::move(reader.value());
    }
  }

  ImportRequest req;
  req.init_variables = o.init_variables;
  req.checkpoint = ckpt ? &*ckpt : nullptr;
  for (const auto& f : feeds) req.feeds.push_back(f.name);
  req.fetches = fetch_names;
  auto imported = ImportForRun(mg, req);
  if (!imported.ok()) {
    const Status& s = imported.status();
    return fail(s.code() == Code::kUnimplemented ? 3 : 2, s.message());
  }
  ImportedGraph& ig = imported.value();
  const Graph& g = *ig.graph;
  if (!ig.missing_feeds.empty()) {
    std::string msg = "missing --feed for placeholder";
    msg += ig.missing_feeds.size() > 1 ? "s " : " ";
    for (size_t i = 0; i < ig.missing_feeds.size(); ++i) {
      const Node& p = g.node(ig.ids.at(ig.missing_feeds[i]));
      const TensorSpec& spec = p.outputs[0];
      msg += (i ? ", '" : "'") + p.name + "' (" + DTypeName(spec.dtype) + (spec.unknown_rank ? "" : spec.shape.empty() ? "[]" : ShapeString(spec.shape)) + ")";
    }
    return fail(2, msg + ": the fetches depend on " + (ig.missing_feeds.size() > 1 ? "them" : "it"));
  }

  // Feed values, in the fed tensor's dtype and checked against its static shape.
  std::vector<std::pair<NodeOutput, Tensor>> feed_values;
  for (const auto& f : feeds) {
    NodeOutput out{ig.ids.at(f.name.node), f.name.index};
    const TensorSpec& spec = g.node(out.node).outputs[out.index];
    StatusOr<Tensor> v = Status::Ok();
    if (!f.npy.empty()) {
      auto raw = ReadNpyFile(f.npy);
      if (!raw.ok()) return fail(2, "--feed " + f.name.node + ": " + raw.status().message());
      v = ConvertFeed(raw.value(), spec.dtype);
    } else {
      v = ParseFeedValue(f.text, spec.dtype);
    }
    if (!v.ok()) return fail(2, "--feed " + f.name.node + " (" + DTypeName(spec.dtype) + "): " + v.status().message());
    Status sh = CheckFeedShape(f.name, v.value(), spec);
    if (!sh.ok()) return fail(2, sh.message());
    feed_values.push_back({out, v.value()});
  }

  std::vector<NodeOutput> fetch_outputs;
  std::vector<int> targets;
  for (const TensorName& f : fetch_names) {
    int id = ig.ids.at(f.node);
    int outputs = static_cast<int>(g.node(id).outputs.size());
    FetchedValue fv{f.ToString(), false, {}};
    if (outputs == 0 && !f.explicit_index) {
      fv = {f.node, true, {}};
      targets.push_back(id);
    } else if (f.index >= outputs) {
      return fail(2, "--fetch " + f.ToString() + ": op " + g.node(id).op + " has " + std::to_string(outputs) + " output" +
                         (outputs == 1 ? "" : "s"));
    } else {
      fetch_outputs.push_back({id, f.index});
    }
    r.fetches.push_back(std::move(fv));
  }

  Session session(ig.graph, ig.merge_inputs);
  if (o.max_node_executions > 0) session.set_max_node_executions(o.max_node_executions);
  auto release = [&] {
    for (const std::string& n : ig.resource_names) ResourceMgr::Global().Erase(n);
  };
  if (!ig.initializers.empty()) {
    std::vector<Tensor> unused;
    Status s = session.Run({}, {}, ig.initializers, &unused);
    if (!s.ok()) {
      release();
      r.exit_code = 1;
      r.error = (ig.restored.empty() ? "initializing variables: " : "restoring variables: ") + OneLine(s.message());
      WriteTrace(o, r, true, s);
      return r;
    }
    auto join = [](const std::vector<std::string>& v) {
      std::string names;
      for (size_t i = 0; i < v.size(); ++i) names += (i ? ", " : "") + v[i];
      return names;
    };
    if (!ig.restored.empty())
      r.notes.push_back("restored " + std::to_string(ig.restored.size()) + " variable" +
                        (ig.restored.size() == 1 ? "" : "s") + " from the checkpoint " + ckpt->prefix() + " (" +
                        join(ig.restored) + ")");
    if (!ig.variables.empty())
      r.notes.push_back("initialized " + std::to_string(ig.variables.size()) + " variable" +
                        (ig.variables.size() == 1 ? "" : "s") + " by running " +
                        (ig.variables.size() == 1 ? "its initializer" : "their initializers") + " (" +
                        join(ig.variables) + (ckpt ? "; not in the checkpoint)" : "); no checkpoint was read"));
  }
  std::vector<Tensor> values;
  Status s = session.Run(feed_values, fetch_outputs, targets, &values);
  r.ops_run = session.last_executed();
  release();
  if (!s.ok()) {
    r.exit_code = 1;
    r.error = OneLine(s.message());
    if (s.message().find("uninitialized") != std::string::npos && !o.init_variables)
      r.error += " (without --no-init, tfmigrate runs the variables' initializers first)";
    WriteTrace(o, r, true, s);
    return r;
  }
  size_t k = 0;
  for (auto& f : r.fetches)
    if (!f.is_op) f.value = values[k++];
  for (size_t i = 0; i < shown.size() && i < r.fetches.size(); ++i) r.fetches[i].name = shown[i];
  WriteTrace(o, r, true, s);
  return r;
}

}  // namespace tfm::rt

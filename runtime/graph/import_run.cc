#include "runtime/graph/import_run.h"

#include <charconv>
#include <deque>
#include <tuple>
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

// Runs the fetches of a graph holding v1 control flow with TensorFlow's executor
// semantics. Every value carries a tag: a frame instance (a v1 while loop entered from a
// given parent frame and iteration) and an iteration number. Enter passes a value into
// its child frame's iteration 0 (is_constant: into every iteration), NextIteration into
// the next iteration, Exit back to the parent frame. Switch sends its input to output 1
// (pred true) or 0 and marks the other dead; a node with a dead data or control input is
// dead and does not run; Merge forwards its first live input and that input's index and
// is dead when every input that can arrive in its iteration is dead. Dead NextIteration
// and Exit values are dropped (the loop ends; the live Exit comes on the last iteration).
// Total node executions are capped so a loop that never ends is an error, not a hang.
class TaggedExecutor {
 public:
  TaggedExecutor(const Graph& g, const std::map<int, std::vector<NodeOutput>>& merge_inputs, SessionState* state)
      : g_(g), merge_inputs_(merge_inputs), state_(state) {}

  Status Run(const std::vector<std::pair<NodeOutput, Tensor>>& feeds, const std::vector<NodeOutput>& fetches,
             const std::vector<int>& targets, std::vector<Tensor>* outputs, std::vector<std::string>* ran) {
    fed_.insert(feeds.begin(), feeds.end());
    const int n = g_.num_nodes();
    Prune(fetches, targets);
    consumers_.assign(n, {});
    for (int i = 0; i < n; ++i) {
      if (!need_[i]) continue;
      const auto& ins = Inputs(i);
      for (size_t k = 0; k < ins.size(); ++k)
        if (!fed_.count(ins[k])) consumers_[ins[k].node].push_back({i, static_cast<int>(k), ins[k].index});
      for (int c : g_.node(i).control_inputs) consumers_[c].push_back({i, -1, 0});
    }
    frames_.push_back({-1, 0, ""});  // the root frame instance
    for (int i = 0; i < n; ++i) {
      if (!need_[i]) continue;
      bool waits = !g_.node(i).control_inputs.empty();
      for (const auto& in : Inputs(i)) waits = waits || !fed_.count(in);
      if (!waits) Ready(i, {0, 0});
    }
    int64_t budget = 50'000'000;
    for (;;) {
      while (!queue_.empty()) {
        auto [id, tag] = queue_.front();
        queue_.pop_front();
        if (--budget < 0)
          return OutOfRange("the run executed more than 50 million nodes (a v1 while loop that does not end?)");
        TFM_RETURN_IF_ERROR(Execute(id, tag, ran));
      }
      if (!PropagateDeadFrames()) break;
    }
    outputs->clear();
    for (const auto& f : fetches) {
      auto fv = fed_.find(f);
      if (fv != fed_.end()) {
        outputs->push_back(fv->second);
        continue;
      }
      auto it = root_values_.find(f);
      if (it == root_values_.end() && in_frame_.count(f.node))
        return InvalidArgument("fetch " + g_.node(f.node).name + ":" + std::to_string(f.index) +
                               " is inside a v1 while loop; fetch the loop's Exit output instead");
      if (it == root_values_.end() || !it->second.first)
        return InvalidArgument("fetch " + g_.node(f.node).name + ":" + std::to_string(f.index) +
                               " has no value: it is on the branch of a v1 tf.cond that was not taken");
      if (!it->second.second.valid())
        return FailedPrecondition("Attempting to use uninitialized value " + g_.node(f.node).name);
      outputs->push_back(it->second.second);
    }
    for (int t : targets)
      if (!root_done_.count(t) || root_dead_.count(t))
        return InvalidArgument("target " + g_.node(t).name + " is on the branch of a v1 tf.cond that was not taken");
    return Status::Ok();
  }

 private:
  struct Tag {
    int frame = 0;
    int64_t iter = 0;
    bool operator<(const Tag& o) const { return frame != o.frame ? frame < o.frame : iter < o.iter; }
  };
  struct Consumer {
    int node, slot, port;  // slot -1: control edge
  };
  struct Pending {
    std::vector<Tensor> in;
    std::vector<char> arrived, dead;
    int count = 0;
    bool control_dead = false;
    int controls = 0;
    bool fired = false;
  };
  struct Frame {
    int parent;
    int64_t parent_iter;
    std::string name;
    int64_t iterations = 1;  // iterations started
    std::vector<std::pair<int, Tensor>> invariants;  // constant Enter nodes and their values
  };

  const std::vector<NodeOutput>& Inputs(int i) const {
    auto it = merge_inputs_.find(i);
    return it != merge_inputs_.end() ? it->second : g_.node(i).inputs;
  }
  static bool IsMerge(const std::string& op) { return op == "Merge" || op == "RefMerge"; }

  void Prune(const std::vector<NodeOutput>& fetches, const std::vector<int>& targets) {
    need_.assign(g_.num_nodes(), 0);
    std::vector<int> stack;
    auto want = [&](int i) {
      if (!need_[i]) { need_[i] = 1; stack.push_back(i); }
    };
    for (const auto& f : fetches)
      if (!fed_.count(f)) want(f.node);
    for (int t : targets) want(t);
    while (!stack.empty()) {
      int i = stack.back();
      stack.pop_back();
      for (const NodeOutput& in : Inputs(i))
        if (!fed_.count(in)) want(in.node);
      for (int c : g_.node(i).control_inputs) want(c);
    }
  }

  Pending& PendingFor(int id, Tag tag) {
    auto key = std::make_pair(id, tag);
    auto it = pending_.find(key);
    if (it != pending_.end()) return it->second;
    Pending& p = pending_[key];
    const auto& ins = Inputs(id);
    p.in.resize(ins.size());
    p.arrived.assign(ins.size(), 0);
    p.dead.assign(ins.size(), 0);
    for (size_t k = 0; k < ins.size(); ++k) {
      auto f = fed_.find(ins[k]);
      if (f != fed_.end()) {
        p.in[k] = f->second;
        p.arrived[k] = 1;
        ++p.count;
      }
    }
    return p;
  }

  void Ready(int id, Tag tag) { queue_.push_back({id, tag}); }

  // One value (or deadness) arrives at consumer c under `tag`.
  void Deliver(const Consumer& c, Tag tag, const Tensor& v, bool dead) {
    const Node& node = g_.node(c.node);
    Pending& p = PendingFor(c.node, tag);
    if (p.fired) return;
    if (c.slot < 0) {
      ++p.controls;
      p.control_dead = p.control_dead || dead;
    } else if (!p.arrived[c.slot]) {
      p.arrived[c.slot] = 1;
      p.dead[c.slot] = dead;
      p.in[c.slot] = v;
      ++p.count;
    }
    int controls = static_cast<int>(node.control_inputs.size());
    if (IsMerge(node.op)) {
      if (p.controls < controls) return;
      bool live = false;
      int arrived_dead = 0;
      for (size_t k = 0; k < p.in.size(); ++k) {
        if (p.arrived[k] && !p.dead[k]) live = true;
        if (p.arrived[k] && p.dead[k]) ++arrived_dead;
      }
      // Inputs that can arrive in this iteration: for a loop's Merge (it has back edges)
      // the forward inputs in iteration 0 and the back edges after; else all of them.
      int expected = 0;
      const auto& ins = Inputs(c.node);
      bool loop_merge = merge_inputs_.count(c.node) > 0;
      for (const auto& in : ins) {
        bool back = IsNextIteration(g_.node(in.node).op);
        if (!loop_merge || back == (tag.iter > 0)) ++expected;
      }
      if (live || arrived_dead >= expected) {
        p.fired = true;
        Ready(c.node, tag);
      }
      return;
    }
    if (p.count == static_cast<int>(p.in.size()) && p.controls == controls) {
      p.fired = true;
      Ready(c.node, tag);
    }
  }

  // Sends node `id`'s outputs (executed under `tag`) to its consumers.
  void Emit(int id, Tag tag, const std::vector<Tensor>& outs, const std::vector<char>& dead, bool node_dead) {
    const Node& node = g_.node(id);
    Tag to = tag;
    bool constant_enter = false;
    if (node.op == "Enter" || node.op == "RefEnter") {
      std::string name = GetStringAttr(node.attrs, "frame_name", node.name);
      to = {ChildFrame(tag, name), 0};
      constant_enter = GetBoolAttr(node.attrs, "is_constant", false);
    } else if (node.op == "Exit" || node.op == "RefExit") {
      if (node_dead) {  // kept: if this turns out to be the frame's last iteration, the loop is dead
        dead_exits_.push_back({id, tag});
        return;
      }
      const Frame& f = frames_[tag.frame];
      to = {f.parent < 0 ? 0 : f.parent, f.parent_iter};
    } else if (IsNextIteration(node.op)) {
      if (node_dead) return;
      to = {tag.frame, tag.iter + 1};
      StartIteration(to);
    }
    if (tag.frame != 0) in_frame_.insert(id);
    if (to.frame == 0) {
      root_done_.insert(id);
      if (node_dead) root_dead_.insert(id);
      for (size_t k = 0; k < outs.size(); ++k) root_values_[{id, static_cast<int>(k)}] = {!dead[k], outs[k]};
    }
    auto send = [&](Tag t) {
      for (const Consumer& c : consumers_[id]) {
        if (c.slot < 0) Deliver(c, t, Tensor(), node_dead);
        else Deliver(c, t, c.port < static_cast<int>(outs.size()) ? outs[c.port] : Tensor(), dead[c.port]);
      }
    };
    if (constant_enter && !node_dead) {
      Frame& f = frames_[to.frame];
      f.invariants.push_back({id, outs.empty() ? Tensor() : outs[0]});
      for (int64_t it = 0; it < f.iterations; ++it) send({to.frame, it});
      return;
    }
    send(to);
  }

  // Once no work is left, a dead Exit in its frame's last iteration means the whole loop
  // ran dead (it was entered with dead values, e.g. inside an untaken tf.cond branch):
  // as TensorFlow does, its deadness goes on to the parent frame. False when none is left.
  bool PropagateDeadFrames() {
    std::vector<std::pair<int, Tag>> exits;
    exits.swap(dead_exits_);
    bool any = false;
    for (auto [id, tag] : exits) {
      const Frame& f = frames_[tag.frame];
      if (tag.iter != f.iterations - 1) continue;
      Tag to{f.parent < 0 ? 0 : f.parent, f.parent_iter};
      const Node& node = g_.node(id);
      if (to.frame == 0) {
        root_done_.insert(id);
        root_dead_.insert(id);
        for (size_t k = 0; k < node.outputs.size(); ++k) root_values_[{id, static_cast<int>(k)}] = {false, Tensor()};
      }
      for (const Consumer& c : consumers_[id]) Deliver(c, to, Tensor(), true);
      any = true;
    }
    return any;
  }

  int ChildFrame(Tag parent, const std::string& name) {
    auto key = std::make_tuple(parent.frame, parent.iter, name);
    auto it = frame_ids_.find(key);
    if (it != frame_ids_.end()) return it->second;
    frames_.push_back({parent.frame, parent.iter, name});
    int id = static_cast<int>(frames_.size()) - 1;
    frame_ids_[key] = id;
    return id;
  }

  void StartIteration(Tag t) {
    Frame& f = frames_[t.frame];
    while (f.iterations <= t.iter) {
      Tag it{t.frame, f.iterations++};
      for (const auto& [enter, v] : f.invariants)
        for (const Consumer& c : consumers_[enter])
          Deliver(c, it, c.slot < 0 ? Tensor() : v, false);
    }
  }

  Status Execute(int id, Tag tag, std::vector<std::string>* ran) {
    const Node& node = g_.node(id);
    size_t nout = node.outputs.size();
    std::vector<Tensor> outs(nout);
    std::vector<char> dead(nout, 0);
    if (!pending_.count({id, tag})) PendingFor(id, tag);  // a root whose inputs are all fed
    auto pit = pending_.find({id, tag});
    Pending in = std::move(pit->second);
    pending_.erase(pit);
    if (ran->size() < 10000) ran->push_back(node.name);
    if (IsMerge(node.op)) {
      for (size_t k = 0; k < in.in.size(); ++k)
        if (in.arrived[k] && !in.dead[k]) {
          outs = {in.in[k], Tensor::Scalar<int32_t>(static_cast<int32_t>(k))};
          Emit(id, tag, outs, dead, false);
          return Status::Ok();
        }
      dead.assign(nout, 1);
      Emit(id, tag, outs, dead, true);
      return Status::Ok();
    }
    bool is_dead = in.control_dead;
    for (char d : in.dead) is_dead = is_dead || d;
    if (is_dead) {
      ran->pop_back();
      dead.assign(nout, 1);
      Emit(id, tag, outs, dead, true);
      return Status::Ok();
    }
    if (node.op == "Switch" || node.op == "RefSwitch") {
      const Tensor& pred = in.in[1];
      if (pred.dtype() != DType::kBool || pred.num_elements() != 1)
        return WithNode(InvalidArgument("The second input to Switch must be a bool scalar, got " +
                                        std::string(DTypeName(pred.dtype())) + pred.ShapeString()), node.name);
      int taken = pred.data<bool>()[0] ? 1 : 0;
      outs[taken] = in.in[0];
      dead[1 - taken] = 1;
      Emit(id, tag, outs, dead, false);
      return Status::Ok();
    }
    if (IsV1ControlFlow(node.op)) {  // Enter, Exit, NextIteration, LoopCond: forward
      outs = {in.in[0]};
      Emit(id, tag, outs, dead, false);
      return Status::Ok();
    }
    const OpDef* def = LookupOpDef(node.op);
    KernelContext ctx{.op = node.op, .node_name = node.name, .attrs = &node.attrs, .session = state_};
    const auto& ins = Inputs(id);
    for (size_t k = 0; k < in.in.size(); ++k) {
      bool ref_ok = def && def->ref_input0 && k == 0;
      if (!in.in[k].valid() && !ref_ok)
        return WithNode(FailedPrecondition("Attempting to use uninitialized value " + g_.node(ins[k].node).name), node.name);
      ctx.inputs.push_back(in.in[k]);
      ctx.input_nodes.push_back(g_.node(ins[k].node).name);
    }
    Status s = RunKernel(ctx);
    if (!s.ok()) return WithNode(s, node.name);
    if (ctx.outputs.size() < nout) ctx.outputs.resize(nout);
    Emit(id, tag, ctx.outputs, dead, false);
    return Status::Ok();
  }

  static Status WithNode(const Status& s, const std::string& node) {
    if (s.message().find("[[{{node") != std::string::npos) return s;
    return Status(s.code(), s.message() + "\n\t [[{{node " + node + "}}]]");
  }

  const Graph& g_;
  const std::map<int, std::vector<NodeOutput>>& merge_inputs_;
  SessionState* state_;
  std::map<NodeOutput, Tensor> fed_;
  std::vector<char> need_;
  std::vector<std::vector<Consumer>> consumers_;
  std::vector<Frame> frames_;
  std::map<std::tuple<int, int64_t, std::string>, int> frame_ids_;
  std::map<std::pair<int, Tag>, Pending> pending_;
  std::deque<std::pair<int, Tag>> queue_;
  std::map<NodeOutput, std::pair<bool, Tensor>> root_values_;  // (live, value) in the root frame
  std::set<int> root_done_, root_dead_, in_frame_;
  std::vector<std::pair<int, Tag>> dead_exits_;
};

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

  Session session(ig.graph);
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
  bool control_flow = false;
  for (int i = 0; i < g.num_nodes(); ++i) control_flow = control_flow || IsV1ControlFlow(g.node(i).op);
  Status s;
  if (control_flow) {
    TaggedExecutor ex(g, ig.merge_inputs, &session.state());
    s = ex.Run(feed_values, fetch_outputs, targets, &values, &r.ops_run);
  } else {
    s = session.Run(feed_values, fetch_outputs, targets, &values);
    r.ops_run = session.last_executed();
  }
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
